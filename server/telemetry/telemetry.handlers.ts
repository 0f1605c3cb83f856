/** What each telemetry route records; which of them count against the client's limit is in their declarations. */
import type { telemetryRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { recordEvent, recordForUser, recordPage } from './record'
import { identify, resetIdentities } from './identities'
import { deleteMyTelemetry, listMyTelemetry } from './my-telemetry'
import { listErrorReports, recordErrorReport } from './error-reports'

export const telemetryHandlers: Handlers<typeof telemetryRoutes> = {
  sendTelemetryPage: async ({ platform, ip, body }) => {
    await recordPage(platform, ip, body)
    return undefined
  },
  sendTelemetryEvent: async ({ platform, ip, body }) => {
    await recordEvent(platform, ip, body)
    return undefined
  },
  identifyTelemetryUser: async ({ platform, user, body }) => {
    await identify(platform, user, body)
    return undefined
  },
  identifyTelemetryGroups: async ({ platform, user, body }) => {
    await recordForUser(platform, user, 'groups', 'groups_identify', body)
    return undefined
  },
  resetTelemetryGroups: async ({ platform, user, body }) => {
    await recordForUser(platform, user, 'groups', 'groups_reset', body)
    return undefined
  },
  trackTelemetryFeatureFlag: async ({ platform, user, body }) => {
    await recordForUser(platform, user, 'feature_flag', 'feature_flag_called', body)
    return undefined
  },
  resetTelemetry: async ({ platform, user }) => {
    await resetIdentities(platform, user)
    return undefined
  },
  listMyTelemetry: ({ platform, user, query }) => listMyTelemetry(platform, user, query),
  deleteMyTelemetry: ({ platform, user }) => deleteMyTelemetry(platform, user),
  reportClientError: async ({ platform, ip, body }) => {
    await recordErrorReport(platform, ip, body)
    return undefined
  },
  listErrorReports: ({ platform, query }) => listErrorReports(platform, query),
}
