// Generated from ../logs.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { logRoutes as declaredLogRoutes } from '../logs.routes'
import { browserRoutes } from './browser-route'

export const logRoutes = browserRoutes<typeof declaredLogRoutes>({
  readLogs: ['GET', '/platform/projects/:ref/logs', 'user'],
})
