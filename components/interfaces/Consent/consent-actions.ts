/**
 * What the consent choices do (SPEC §4), shared by the consent toast and the privacy settings.
 * - Accept: consent 'true'; the current page is sent; then the `telemetry-data` cookie the
 *   product's website may have left is read and cleared, and sent as a page view when valid.
 * - Opt out, or telemetry turned off: consent 'false'; the cookie is cleared; this browser's
 *   anonymous id is dropped and its link to the user ended.
 */
import { resetTelemetry } from '@/data/telemetry/reset'
import { sendCurrentPage, sendTelemetryPage } from '@/data/telemetry/send-page'
import { clearTelemetryCookie, takeTelemetryCookie } from '@/lib/telemetry/telemetry-cookie'
import { setConsent } from '@/state/consent'

export async function acceptTelemetry(): Promise<void> {
  setConsent('true')
  const sent = sendCurrentPage()
  // Taken at once: the cookie is gone however the sends fare.
  const raw = takeTelemetryCookie()
  await sent
  if (raw === null) return
  let cookie: ReturnType<typeof import('@/lib/telemetry/telemetry-cookie-payload').parseTelemetryCookie>
  try {
    // The payload's check (and its schemas) loads only when a cookie came: most visits bring none.
    cookie = (await import('@/lib/telemetry/telemetry-cookie-payload')).parseTelemetryCookie(raw)
  } catch (error) {
    console.error('Problem sending telemetry page', error)
    return
  }
  if (!cookie.ok) {
    console.error('Invalid telemetry data:', cookie.error)
    return
  }
  try {
    await sendTelemetryPage(cookie.payload)
  } catch (error) {
    console.error('Problem sending telemetry page', error)
  }
}

export async function optOutOfTelemetry(): Promise<void> {
  setConsent('false')
  clearTelemetryCookie()
  await resetTelemetry()
}
