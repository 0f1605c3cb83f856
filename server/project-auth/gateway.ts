/**
 * {site}/p/{ref}/auth/v1/… (Next rewrites it to /api/p/…): a project's own auth service, answered
 * here rather than by the platform's router, since its callers are the project's applications
 * (any origin, an `apikey` instead of a dashboard session). The gate is the data API's
 * (server/data-api/gate.ts): this project's key, its organization not restricted, its database
 * serving. Then the endpoint (service.ts) runs with the project's settings and database.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Platform } from '../platform-type'
import { isPlatformError } from '../http/errors'
import { isUnavailable } from '../db/unavailable'
import { clientIp, readJsonBody } from '../http/guards'
import { fixedOrigin, ownOrigin } from '../auth/redirects'
import { CORS, passGate, publicAnswer, publicPreflight } from '../data-api/gate'
import { logPublicRequest } from '../logs/public-request-logs'
import { authConfigOf } from './config'
import { authDatabases } from './database'
import { ENDPOINTS } from './service'

const PATH = /^\/p\/([a-z0-9][a-z0-9_-]{0,62})\/auth\/v1(\/[^?]*)?$/
const API_VERSION = '2024-01-01'

/** The project and the path below /auth/v1 of a project-auth request path (without /api), or null. */
export function projectAuthTarget(path: string): { ref: string; rest: string } | null {
  const match = PATH.exec(path)
  return match ? { ref: match[1], rest: match[2] || '/' } : null
}

function send(res: ServerResponse, status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return res.destroy()
  res.writeHead(status, { ...CORS, 'X-Request-Id': requestId, 'X-Supabase-Api-Version': API_VERSION, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }) })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

/** GoTrue's error body; from API version 2024-01-01 on, `code` is the string error code. */
function errorBody(status: number, errorCode: string, message: string, extra: Record<string, unknown> = {}) {
  return { code: errorCode, error_code: errorCode, msg: message, message, ...extra }
}

export async function serveProjectAuth(platform: Platform, req: IncomingMessage, res: ServerResponse, target: { ref: string; rest: string }, url: URL, requestId: string) {
  if (req.method === 'OPTIONS') return publicPreflight(res)
  const method = req.method ?? 'GET'
  // A mailed link is opened by a browser, without a key.
  const gate = await passGate(platform, target.ref, req, url, { keyOptional: method === 'GET' && target.rest === '/verify' })
  if (!gate.ok) return publicAnswer(res, gate.status, gate.body, requestId)
  logPublicRequest(platform, { req, res, ref: gate.project.ref, source: 'edge_logs', path: `/auth/v1${target.rest}`, requestId, keyRole: gate.keyRole })
  const found = ENDPOINTS.find((e) => e.path.test(target.rest) && e.method === method)
  if (!found) {
    const pathKnown = ENDPOINTS.some((e) => e.path.test(target.rest))
    return send(res, pathKnown ? 405 : 404, errorBody(pathKnown ? 405 : 404, pathKnown ? 'method_not_allowed' : 'not_found', pathKnown ? `Method ${method} is not allowed here` : 'Not found'), requestId)
  }
  try {
    const [config, db] = await Promise.all([authConfigOf(platform, gate.project.ref), authDatabases(platform).open(gate.project)])
    const query: Record<string, string> = {}
    for (const [key, value] of url.searchParams) if (key !== 'apikey') query[key] = value
    const body =
      method === 'GET' || method === 'DELETE'
        ? undefined
        : await readJsonBody(req, { maxBytes: platform.config.authMaxBodyBytes, timeoutMs: platform.config.bodyTimeoutMs })
    const ctx = {
      platform,
      req,
      project: gate.project,
      secret: gate.settings.jwtSecret,
      config,
      keyRole: gate.keyRole,
      apiKey: gate.key,
      projectUrl: `${ownOrigin(platform, req)}/p/${gate.project.ref}`,
      linkUrl: `${fixedOrigin(platform)}/p/${gate.project.ref}`,
      ip: clientIp(req, platform.config.trustProxyHops),
      db,
    }
    const params = (found.path.exec(target.rest)?.groups ?? {}) as Record<string, string>
    const answer = await found.endpoint(ctx, { query, body, params })
    send(res, answer.status, answer.body, requestId, answer.headers)
  } catch (error) {
    if (isPlatformError(error)) {
      const extra = (error.extra ?? {}) as Record<string, unknown>
      const code = typeof extra.error_code === 'string' ? extra.error_code : error.status === 429 ? 'over_request_rate_limit' : error.status === 413 ? 'request_too_large' : 'validation_failed'
      const { error_code: _code, msg: _msg, ...rest } = extra
      return send(res, error.status, errorBody(error.status, code, error.message, rest), requestId, error.headers)
    }
    // The project's database is down, restarting or unreachable: the next request tries afresh.
    if (isUnavailable(error)) {
      await authDatabases(platform).end(target.ref)
      return send(res, 503, errorBody(503, 'unexpected_failure', "The project's database does not answer right now. Try again in a moment."), requestId, { 'Retry-After': '5' })
    }
    // Two sign-ups of one address at once: the unique index refuses the second.
    if ((error as { code?: unknown })?.code === '23505') return send(res, 422, errorBody(422, 'user_already_exists', 'User already registered'), requestId)
    console.error(`[${requestId}] auth service of project ${target.ref} failed:`, error)
    send(res, 500, errorBody(500, 'unexpected_failure', 'Something went wrong on our side. Please try again.'), requestId)
  }
}
