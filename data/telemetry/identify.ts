/**
 * SPEC §7 `POST /platform/telemetry/identify`: links this browser's anonymous id to the signed-in
 * user (the platform refuses any user id but the caller's). Only with consent; throws ResponseError.
 */
import { routes } from '@/lib/api-types'
import { getAnonymousId } from '@/lib/telemetry/anonymous-id'
import { hasTelemetryConsent } from '@/lib/telemetry/consent'
import { call } from '../fetchers'

export async function identifyTelemetryUser(userId: string): Promise<void> {
  if (!hasTelemetryConsent()) return
  await call(routes.identifyTelemetryUser, { body: { user_id: userId, anonymous_id: getAnonymousId() } })
}
