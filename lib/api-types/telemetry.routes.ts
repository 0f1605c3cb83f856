/**
 * Telemetry the dashboard sends after consent, and client error reports (SPEC §7).
 *
 * Who may call:
 * - Page views and events are public: a visitor of the sign-in page who consented is counted
 *   too. They carry the browser's anonymous id, never a user id; they count as a user's once
 *   that user linked the anonymous id to themselves (`identify`, signed in), until `reset`.
 * - Everything naming the user, or reading and deleting what was recorded, needs their session.
 * - Client error reports are accepted without a session (the error screen may show before one);
 *   operators read them with the service role.
 * Public writes are rate limited per client IP, have small body limits, and what they store is
 * capped per address and in all per day (server/security/daily-caps.ts; past a cap: 204, dropped).
 */
import { z } from 'zod'
import { route, type RouteRateLimit } from './route'
import * as t from './telemetry'

const noAnswer = z.undefined()
/** Every telemetry write counts against its client's address, signed in or not. */
const perClient = [{ bucket: 'telemetry', rule: 'telemetryPerIp', key: 'ip' }] as const satisfies RouteRateLimit<unknown>[]

export const telemetryRoutes = {
  sendTelemetryPage: route({
    method: 'POST',
    path: '/platform/telemetry/page',
    auth: 'public',
    body: t.telemetryPageBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_PAGE_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  sendTelemetryEvent: route({
    method: 'POST',
    path: '/platform/telemetry/event',
    auth: 'public',
    body: t.telemetryEventBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_EVENT_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  identifyTelemetryUser: route({
    method: 'POST',
    path: '/platform/telemetry/identify',
    body: t.telemetryIdentifyBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_SMALL_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  identifyTelemetryGroups: route({
    method: 'POST',
    path: '/platform/telemetry/groups/identify',
    body: t.telemetryGroupsIdentifyBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_SMALL_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  resetTelemetryGroups: route({
    method: 'POST',
    path: '/platform/telemetry/groups/reset',
    body: t.telemetryGroupsResetBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_SMALL_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  trackTelemetryFeatureFlag: route({
    method: 'POST',
    path: '/platform/telemetry/feature-flags/track',
    body: t.telemetryFeatureFlagBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_SMALL_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  /** Ends the link between the caller and every anonymous id they identified (sent on sign-out). Not counted: ending a link must work even for a client that has sent too much. */
  resetTelemetry: route({
    method: 'POST',
    path: '/platform/telemetry/reset',
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.TELEMETRY_SMALL_MAX_BODY_BYTES,
  }),
  listMyTelemetry: route({
    method: 'GET',
    path: '/platform/telemetry/me',
    query: t.telemetryListQuery,
    answer: t.telemetryList,
  }),
  deleteMyTelemetry: route({
    method: 'DELETE',
    path: '/platform/telemetry/me',
    answer: t.telemetryDeleted,
  }),
  reportClientError: route({
    method: 'POST',
    path: '/platform/error-reports',
    auth: 'public',
    body: t.errorReportBody,
    answer: noAnswer,
    status: 204,
    maxBodyBytes: t.ERROR_REPORT_MAX_BODY_BYTES,
    rateLimit: [{ bucket: 'error-reports', rule: 'errorReportsPerIp', key: 'ip' }],
  }),
  listErrorReports: route({
    method: 'GET',
    path: '/platform/error-reports',
    auth: 'service',
    query: t.errorReportListQuery,
    answer: t.errorReportList,
  }),
}
