// Generated from ../connection.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { connectionRoutes as declaredConnectionRoutes } from '../connection.routes'
import { browserRoutes } from './browser-route'

export const connectionRoutes = browserRoutes<typeof declaredConnectionRoutes>({
  getProjectSettings: ['GET', '/platform/projects/:ref/settings', 'user'],
  getDatabaseSize: ['GET', '/platform/projects/:ref/database-size', 'user'],
  getDbPassword: ['GET', '/platform/projects/:ref/db-password', 'user'],
  updateDbPassword: ['PATCH', '/platform/projects/:ref/db-password', 'user'],
})
