// Generated from ../integrations.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { integrationRoutes as declaredIntegrationRoutes } from '../integrations.routes'
import { browserRoutes } from './browser-route'

export const integrationRoutes = browserRoutes<typeof declaredIntegrationRoutes>({
  getGithubAppSettings: ['GET', '/platform/integrations/github', 'user'],
  listGithubConnections: ['GET', '/platform/organizations/:slug/integrations/github/connections', 'user'],
  createGithubConnection: ['POST', '/platform/organizations/:slug/integrations/github/connections', 'user'],
  deleteGithubConnection: ['DELETE', '/platform/organizations/:slug/integrations/github/connections/:id', 'user'],
})
