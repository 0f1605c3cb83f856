/**
 * SPEC §7 `POST /platform/telemetry/identify`: links this browser's anonymous id to the signed-in
 * user (the platform refuses any user id but the caller's). Only with consent; throws ResponseError.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import { getAnonymousId } from '@/lib/telemetry/anonymous-id'
import { hasTelemetryConsent } from '@/lib/telemetry/consent'
import { call } from '../fetchers'

export async function identifyTelemetryUser(userId: string): Promise<void> {
  if (!hasTelemetryConsent()) return
  await call(telemetryRoutes.identifyTelemetryUser, { body: { user_id: userId, anonymous_id: getAnonymousId() } })
}
