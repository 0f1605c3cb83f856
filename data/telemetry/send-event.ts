/**
 * Sends one telemetry event (SPEC §7 `POST /platform/telemetry/event`), only once consent is
 * stored as 'true'. It carries the page it happened on and the groups of the current route.
 * Fire and forget: a failure is logged, never thrown.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import { getAnonymousId } from '@/lib/telemetry/anonymous-id'
import { hasTelemetryConsent } from '@/lib/telemetry/consent'
import { browserPage, buildPagePayload } from '@/lib/telemetry/page-payload'
import { call } from '../fetchers'
import { getTelemetryGroups } from './context'

export function sendTelemetryEvent(action: string, customProperties: Record<string, unknown> = {}): void {
  if (!hasTelemetryConsent()) return
  void (async () => {
    try {
      const { page_url, page_title, pathname, ph } = buildPagePayload(browserPage())
      // Only JSON goes: a function or a Date among the properties is dropped or made text, as JSON would.
      const custom_properties = JSON.parse(JSON.stringify(customProperties ?? {}))
      await call(telemetryRoutes.sendTelemetryEvent, {
        body: { action, custom_properties, page_url, page_title, pathname, ph, groups: getTelemetryGroups(), anonymous_id: getAnonymousId() },
      })
    } catch (error) {
      console.error(`Problem sending telemetry event ${action}`, error)
    }
  })()
}
