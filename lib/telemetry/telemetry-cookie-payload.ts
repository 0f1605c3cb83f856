/**
 * The page payload in the `telemetry-data` cookie (./telemetry-cookie.ts), checked as the platform
 * will check it. Apart from the cookie's reading since it needs the payload's schema (zod), which
 * the app shell does not otherwise load: most visits bring no cookie.
 */
import { telemetryPagePayload } from '@/lib/api-types/telemetry'
import type { TelemetryPagePayload } from '@/lib/api-types'

export type ParsedTelemetryCookie = { ok: true; payload: TelemetryPagePayload } | { ok: false; error: Error }

/** The cookie's value: URL-encoded (or not) JSON of a page payload, checked as the platform will check it. */
export function parseTelemetryCookie(raw: string): ParsedTelemetryCookie {
  let json: unknown
  try {
    let text = raw
    try {
      text = decodeURIComponent(raw)
    } catch {
      // not URL-encoded: read as it is
    }
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) }
  }
  const parsed = telemetryPagePayload.safeParse(json)
  return parsed.success ? { ok: true, payload: parsed.data } : { ok: false, error: new Error(parsed.error.issues.map((issue) => issue.message).join('; ')) }
}
