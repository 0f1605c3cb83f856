// Generated from ../telemetry.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { telemetryRoutes as declaredTelemetryRoutes } from '../telemetry.routes'
import { browserRoutes } from './browser-route'

export const telemetryRoutes = browserRoutes<typeof declaredTelemetryRoutes>({
  sendTelemetryPage: ['POST', '/platform/telemetry/page', 'public'],
  sendTelemetryEvent: ['POST', '/platform/telemetry/event', 'public'],
  identifyTelemetryUser: ['POST', '/platform/telemetry/identify', 'user'],
  identifyTelemetryGroups: ['POST', '/platform/telemetry/groups/identify', 'user'],
  resetTelemetryGroups: ['POST', '/platform/telemetry/groups/reset', 'user'],
  trackTelemetryFeatureFlag: ['POST', '/platform/telemetry/feature-flags/track', 'user'],
  resetTelemetry: ['POST', '/platform/telemetry/reset', 'user'],
  listMyTelemetry: ['GET', '/platform/telemetry/me', 'user'],
  deleteMyTelemetry: ['DELETE', '/platform/telemetry/me', 'user'],
  reportClientError: ['POST', '/platform/error-reports', 'public'],
  listErrorReports: ['GET', '/platform/error-reports', 'service'],
})
