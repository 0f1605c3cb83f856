import type { telemetryRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'
import { hit } from '../security/rate-limit'
import type { Platform } from '../platform-type'
import { recordEvent, recordForUser, recordPage } from './record'
import { identify, resetIdentities } from './identities'
import { deleteMyTelemetry, listMyTelemetry } from './my-telemetry'
import { listErrorReports, recordErrorReport } from './error-reports'

/** Every telemetry write counts against its client's address, signed in or not. */
const counted = (platform: Platform, ip: string) => hit(platform, 'telemetry', ip, platform.config.telemetry.perIp)

export const telemetryHandlers: Handlers<typeof telemetryRoutes> = {
  sendTelemetryPage: async ({ platform, ip, body }) => {
    await counted(platform, ip)
    await recordPage(platform, ip, body)
    return undefined
  },
  sendTelemetryEvent: async ({ platform, ip, body }) => {
    await counted(platform, ip)
    await recordEvent(platform, ip, body)
    return undefined
  },
  identifyTelemetryUser: async ({ platform, ip, user, body }) => {
    await counted(platform, ip)
    await identify(platform, user, body)
    return undefined
  },
  identifyTelemetryGroups: async ({ platform, ip, user, body }) => {
    await counted(platform, ip)
    await recordForUser(platform, user, 'groups', 'groups_identify', body)
    return undefined
  },
  resetTelemetryGroups: async ({ platform, ip, user, body }) => {
    await counted(platform, ip)
    await recordForUser(platform, user, 'groups', 'groups_reset', body)
    return undefined
  },
  trackTelemetryFeatureFlag: async ({ platform, ip, user, body }) => {
    await counted(platform, ip)
    await recordForUser(platform, user, 'feature_flag', 'feature_flag_called', body)
    return undefined
  },
  // Not counted: ending a link must work even for a client that has sent too much.
  resetTelemetry: async ({ platform, user }) => {
    await resetIdentities(platform, user)
    return undefined
  },
  listMyTelemetry: ({ platform, user, query }) => listMyTelemetry(platform, user, query),
  deleteMyTelemetry: ({ platform, user }) => deleteMyTelemetry(platform, user),
  reportClientError: async ({ platform, ip, body }) => {
    await hit(platform, 'error-reports', ip, platform.config.telemetry.errorReportsPerIp)
    await recordErrorReport(platform, ip, body)
    return undefined
  },
  listErrorReports: ({ platform, query }) => listErrorReports(platform, query),
}
