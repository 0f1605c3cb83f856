/**
 * The gateway's own answers, alike for every service: CORS for any origin (applications call a
 * project from browsers with its anon key; keys, not cookies, authorize), the preflight, and the
 * one error shape of the gateway's refusals and failures (`{ message, hint? }`, as Supabase's
 * gateway answers them). A service's own errors keep its client's shape.
 */
import type { ServerResponse } from 'node:http'

const EXPOSED = ['Content-Range', 'Content-Location', 'Location', 'Preference-Applied', 'X-Request-Id']

/** The CORS headers of an answer, with the headers a service's clients read besides the gateway's. */
export function corsHeaders(exposed: readonly string[] = []): Record<string, string> {
  return { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': [...EXPOSED, ...exposed].join(', ') }
}

export const CORS = corsHeaders()

/** An error of the gateway's: JSON, never cached. */
export function publicAnswer(res: ServerResponse, status: number, body: Record<string, unknown>, requestId: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, 'Cache-Control': 'no-store', ...headers })
  res.end(JSON.stringify(body))
}

/** A header list as a browser asks it (names, commas, spaces), else none. */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(?:\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/
const KNOWN_HEADERS =
  'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info, x-supabase-api-version'

/**
 * Any method, and the headers the browser asks for (services take headers of their own: an
 * upload's `x-upsert`, a resumable upload's `upload-offset`); no credentials are ever allowed.
 */
export function publicPreflight(res: ServerResponse, requested: string | string[] | undefined) {
  const asked = typeof requested === 'string' && requested.length <= 2048 && HEADER_LIST.test(requested.trim()) ? requested.trim() : null
  res.writeHead(204, {
    ...CORS,
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': asked ?? KNOWN_HEADERS,
    'Access-Control-Max-Age': '86400',
    Vary: 'Access-Control-Request-Headers',
  })
  res.end()
}
