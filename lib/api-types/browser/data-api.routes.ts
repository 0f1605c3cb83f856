// Generated from ../data-api.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { dataApiRoutes as declaredDataApiRoutes } from '../data-api.routes'
import { browserRoutes } from './browser-route'

export const dataApiRoutes = browserRoutes<typeof declaredDataApiRoutes>({
  getApiSettings: ['GET', '/platform/projects/:ref/api-settings', 'user'],
  rotateJwtSecret: ['POST', '/platform/projects/:ref/api-settings/rotate-jwt-secret', 'user'],
  updateApiSettings: ['PATCH', '/platform/projects/:ref/api-settings', 'user'],
})
