/**
 * The `telemetry-data` cookie: the product's website, on the same domain, leaves the page payload
 * of the visit that brought the visitor here, for the dashboard to send once they accept
 * telemetry (SPEC §4). It is read once and then cleared, accepted or not.
 */
import { telemetryPagePayload } from '@/lib/api-types/telemetry'
import type { TelemetryPagePayload } from '@/lib/api-types'

export const TELEMETRY_DATA_COOKIE = 'telemetry-data'

/** The raw value of one cookie in a `document.cookie` string; null when it is not there. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

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

/**
 * Expires the cookie however the website set it: on this host or on any parent domain
 * (`.example.com`), at the root path.
 */
export function clearTelemetryCookie(doc: Pick<Document, 'cookie'> = document, hostname = window.location.hostname) {
  const expired = `${TELEMETRY_DATA_COOKIE}=; Max-Age=0; Path=/`
  doc.cookie = expired
  const labels = hostname.split('.')
  for (let i = 0; i < labels.length - 1; i++) doc.cookie = `${expired}; Domain=.${labels.slice(i).join('.')}`
}

/** Reads and clears the cookie: null when there was none. */
export function takeTelemetryCookie(doc: Pick<Document, 'cookie'> = document, hostname = window.location.hostname): ParsedTelemetryCookie | null {
  const raw = readCookie(doc.cookie, TELEMETRY_DATA_COOKIE)
  if (raw === null) return null
  clearTelemetryCookie(doc, hostname)
  return parseTelemetryCookie(raw)
}
