// Generated from ../realtime.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { realtimeRoutes as declaredRealtimeRoutes } from '../realtime.routes'
import { browserRoutes } from './browser-route'

export const realtimeRoutes = browserRoutes<typeof declaredRealtimeRoutes>({
  getRealtimeSettings: ['GET', '/platform/realtime/:ref/settings', 'user'],
  createRealtimeInspectorToken: ['POST', '/platform/realtime/:ref/inspector-token', 'user'],
})
