// Generated from ../flags.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { flagRoutes as declaredFlagRoutes } from '../flags.routes'
import { browserRoutes } from './browser-route'

export const flagRoutes = browserRoutes<typeof declaredFlagRoutes>({
  getFlagConfig: ['GET', '/flags/:sdkKey/config.json', 'public'],
  getFeatureFlags: ['GET', '/platform/telemetry/feature-flags', 'user'],
  adminListFeatureFlags: ['GET', '/platform/admin/feature-flags', 'service'],
  adminUpsertFeatureFlag: ['PUT', '/platform/admin/feature-flags/:key', 'service'],
  adminDeleteFeatureFlag: ['DELETE', '/platform/admin/feature-flags/:key', 'service'],
})
