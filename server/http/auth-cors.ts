/**
 * CORS for the auth service: pages served from AUTH_CORS_ORIGINS (a self-hoster's own apps) may
 * call /auth/v1 from the browser. The auth service takes bearer tokens, not cookies, so an allowed
 * origin gets no ambient authority: it can only do what its own user's token allows.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'

const ALLOWED_HEADERS = 'authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-request-id'
const EXPOSED_HEADERS = 'X-Request-Id, X-Supabase-Api-Version, X-Total-Count, Link'
const METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'

/** The request's Origin when it is one of the configured ones. */
export function allowedCorsOrigin(req: IncomingMessage, origins: string[]): string | null {
  const origin = req.headers.origin
  return typeof origin === 'string' && origins.includes(origin) ? origin : null
}

export function setCorsHeaders(res: ServerResponse, origin: string) {
  res.setHeader('Access-Control-Allow-Origin', origin)
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS)
  res.setHeader('Vary', 'Origin')
}

/** Answers a preflight: the methods and headers auth-js sends, for a day. */
export function answerPreflight(res: ServerResponse, origin: string | null) {
  res.statusCode = 204
  res.setHeader('Vary', 'Origin')
  if (origin) {
    setCorsHeaders(res, origin)
    res.setHeader('Access-Control-Allow-Methods', METHODS)
    res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS)
    res.setHeader('Access-Control-Max-Age', '86400')
  }
  res.end()
}
