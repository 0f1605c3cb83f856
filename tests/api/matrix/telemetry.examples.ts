import { randomUUID } from 'node:crypto'
import type { telemetryRoutes } from '@/lib/api-types'
import type { Examples } from './types'

const page = () => ({
  page_url: 'http://localhost:3000/projects',
  page_title: 'Projects',
  pathname: '/projects',
  ph: { referrer: '', language: 'en-US', user_agent: 'matrix', search: '', viewport_height: 800, viewport_width: 1200 },
  feature_flags: {},
  anonymous_id: randomUUID(),
})

/**
 * Page views, events and error reports are open to anyone; the rest is the signed-in caller's
 * own. Identify names a user who is not the caller (the example cannot know who calls): refused
 * for everyone, as it must be (tests/api/telemetry.test.ts identifies for real).
 */
export const telemetryExamples: Examples<typeof telemetryRoutes> = {
  sendTelemetryPage: { path: () => '/platform/telemetry/page', body: page },
  sendTelemetryEvent: {
    path: () => '/platform/telemetry/event',
    body: () => {
      const { feature_flags: _flags, ...info } = page()
      return { ...info, action: 'matrix_clicked', custom_properties: { n: 1 }, groups: { organization: 'matrix' } }
    },
  },
  identifyTelemetryUser: { path: () => '/platform/telemetry/identify', body: () => ({ user_id: randomUUID(), anonymous_id: randomUUID() }), status: 403 },
  identifyTelemetryGroups: { path: () => '/platform/telemetry/groups/identify', body: (fx) => ({ organization_slug: fx.orgSlug, project_ref: fx.ref }) },
  resetTelemetryGroups: { path: () => '/platform/telemetry/groups/reset', body: () => ({ reset_organization: true, reset_project: true }) },
  trackTelemetryFeatureFlag: { path: () => '/platform/telemetry/feature-flags/track', body: () => ({ feature_flag_name: 'matrixFlag', feature_flag_value: true }) },
  resetTelemetry: { path: () => '/platform/telemetry/reset' },
  listMyTelemetry: { path: () => '/platform/telemetry/me?limit=5' },
  deleteMyTelemetry: { path: () => '/platform/telemetry/me' },
  reportClientError: {
    path: () => '/platform/error-reports',
    body: () => ({ tag: 'globalErrorBoundary', message: 'matrix', stack: 'Error: matrix', pathname: '/projects' }),
  },
  listErrorReports: { path: () => '/platform/error-reports?limit=5' },
}
