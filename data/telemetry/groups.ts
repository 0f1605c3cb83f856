/**
 * SPEC §7 `POST /platform/telemetry/groups/identify` and `…/groups/reset`: the organization or
 * project the user entered or left. Only with consent, on the hosted platform; failures are
 * logged with SPEC §8's words, never thrown.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import { hasTelemetryConsent } from '@/lib/telemetry/consent'
import type { GroupChange } from '@/lib/telemetry/route-kind'
import { call } from '../fetchers'
import { isTelemetryPlatform } from './context'

export async function sendGroupChange(change: GroupChange): Promise<void> {
  if (!hasTelemetryConsent() || !isTelemetryPlatform()) return
  const sends: Promise<void>[] = []
  if (change.reset) {
    const body = change.reset
    sends.push(call(telemetryRoutes.resetTelemetryGroups, { body }).catch((error) => console.error('Failed to send Telemetry groups reset', error)))
  }
  if (change.identify) {
    const body = change.identify
    sends.push(call(telemetryRoutes.identifyTelemetryGroups, { body }).catch((error) => console.error('Failed to send Telemetry groups identify', error)))
  }
  await Promise.all(sends)
}
