// Generated from ../service.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { serviceRoutes as declaredServiceRoutes } from '../service.routes'
import { browserRoutes } from './browser-route'

export const serviceRoutes = browserRoutes<typeof declaredServiceRoutes>({
  getConfig: ['GET', '/config', 'public'],
  getUtcTime: ['GET', '/get-utc-time', 'public'],
})
