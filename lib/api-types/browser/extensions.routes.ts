// Generated from ../extensions.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { extensionRoutes as declaredExtensionRoutes } from '../extensions.routes'
import { browserRoutes } from './browser-route'

export const extensionRoutes = browserRoutes<typeof declaredExtensionRoutes>({
  listExtensions: ['GET', '/platform/projects/:ref/extensions', 'user'],
  enableExtension: ['POST', '/platform/projects/:ref/extensions', 'user'],
  disableExtension: ['DELETE', '/platform/projects/:ref/extensions/:name', 'user'],
})
