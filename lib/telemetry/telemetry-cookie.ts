/**
 * The `telemetry-data` cookie: the product's website, on the same domain, leaves the page payload
 * of the visit that brought the visitor here, for the dashboard to send once they accept
 * telemetry (SPEC §4). It is read once and then cleared, accepted or not; its payload is checked
 * by ./telemetry-cookie-payload.ts, loaded only when there is a cookie to check.
 */
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

/** Reads and clears the cookie: its raw value, null when there was none. */
export function takeTelemetryCookie(doc: Pick<Document, 'cookie'> = document, hostname = window.location.hostname): string | null {
  const raw = readCookie(doc.cookie, TELEMETRY_DATA_COOKIE)
  if (raw === null) return null
  clearTelemetryCookie(doc, hostname)
  return raw
}
