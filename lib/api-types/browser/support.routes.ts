// Generated from ../support.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { supportRoutes as declaredSupportRoutes } from '../support.routes'
import { browserRoutes } from './browser-route'

export const supportRoutes = browserRoutes<typeof declaredSupportRoutes>({
  createSupportRequest: ['POST', '/platform/support/requests', 'user'],
})
