/**
 * SPEC §7 `POST /platform/telemetry/page`: a page view, on arrival or as the page is left, under
 * the browser's anonymous id. Only with consent 'true'; a failure is logged, never thrown.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import type { TelemetryPagePayload } from '@/lib/api-types'
import { getAnonymousId } from '@/lib/telemetry/anonymous-id'
import { hasTelemetryConsent } from '@/lib/telemetry/consent'
import { browserPage, buildPagePayload } from '@/lib/telemetry/page-payload'
import { call } from '../fetchers'
import { getEvaluatedFeatureFlags } from './context'

/** Sends a page payload as it is (the current page's, or one a website left in the cookie); throws ResponseError. */
export async function sendTelemetryPage(payload: TelemetryPagePayload, { leave = false } = {}): Promise<void> {
  const body = { ...payload, anonymous_id: getAnonymousId(), ...(leave && { leave: true }) }
  // Sent as the page unloads, the request must outlive it.
  await call(telemetryRoutes.sendTelemetryPage, { body }, { keepalive: leave })
}

/** The current page, with the flags evaluated so far: only with consent, and never throws. */
export async function sendCurrentPage({ leave = false } = {}): Promise<void> {
  if (!hasTelemetryConsent()) return
  try {
    await sendTelemetryPage(buildPagePayload(browserPage(), getEvaluatedFeatureFlags()), { leave })
  } catch (error) {
    console.error(leave ? 'Problem sending telemetry page-leave' : 'Problem sending telemetry page', error)
  }
}
