/**
 * {site}/p/{ref}/auth/v1/…: a project's own auth service as one of the gateway's project services
 * (server/gateway/), answered there rather than by the platform's router, since its callers are
 * the project's applications (any origin, an `apikey` instead of a dashboard session). After the
 * gateway's gate (this project's key, its organization not restricted, its database serving), the
 * endpoint (service.ts) runs with the project's settings and database.
 */
import type { ServerResponse } from 'node:http'
import type { Platform } from '../kernel/platform'
import { isPlatformError } from '../kernel/errors'
import { isUnavailable } from '../db/unavailable'
import { clientIp, readJsonBody } from '../http/guards'
import { fixedOrigin, ownOrigin } from '../auth/redirects'
import type { ProjectService, ServiceCall } from '../gateway/types'
import { serviceNamed } from '../gateway/services'
import { authConfigOf } from './config'
import { AuthDatabases } from './database'
import { ENDPOINTS } from './service'

const API_VERSION = '2024-01-01'

function send(res: ServerResponse, status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return res.destroy()
  res.writeHead(status, { 'X-Request-Id': requestId, 'X-Supabase-Api-Version': API_VERSION, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }) })
  res.end(body === undefined ? undefined : JSON.stringify(body))
}

/** GoTrue's error body; from API version 2024-01-01 on, `code` is the string error code. */
function errorBody(status: number, errorCode: string, message: string, extra: Record<string, unknown> = {}) {
  return { code: errorCode, error_code: errorCode, msg: message, message, ...extra }
}

export class ProjectAuthService implements ProjectService {
  readonly name = 'auth'
  readonly logSource = 'edge_logs'
  readonly databases: AuthDatabases

  constructor(private readonly platform: Platform) {
    this.databases = new AuthDatabases(platform)
  }

  /** A mailed link is opened by a browser, without a key. */
  keyOptional(method: string, rest: string) {
    return method === 'GET' && rest === '/verify'
  }

  serve(call: ServiceCall) {
    return serveProjectAuth(this.platform, this.databases, call)
  }

  release(ref: string) {
    return this.databases.end(ref)
  }

  close() {
    return this.databases.endAll()
  }
}

/** This platform's pools of its projects' auth databases. */
export function authDatabases(platform: Platform): AuthDatabases {
  // Not `instanceof`: Next bundles this module more than once (see data-api/service.ts).
  const service = serviceNamed(platform, 'auth') as ProjectAuthService | undefined
  if (!service?.databases) throw new Error('The platform has no auth service')
  return service.databases
}

async function serveProjectAuth(platform: Platform, databases: AuthDatabases, call: ServiceCall) {
  const { req, res, url, requestId } = call
  const target = { ref: call.ref, rest: call.rest }
  const method = req.method ?? 'GET'
  const gate = await call.pass()
  if (!gate) return
  const found = ENDPOINTS.find((e) => e.path.test(target.rest) && e.method === method)
  if (!found) {
    const pathKnown = ENDPOINTS.some((e) => e.path.test(target.rest))
    return send(res, pathKnown ? 405 : 404, errorBody(pathKnown ? 405 : 404, pathKnown ? 'method_not_allowed' : 'not_found', pathKnown ? `Method ${method} is not allowed here` : 'Not found'), requestId)
  }
  try {
    const [config, db] = await Promise.all([authConfigOf(platform, gate.project.ref), databases.open(gate.project)])
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
      await databases.end(target.ref)
      return send(res, 503, errorBody(503, 'unexpected_failure', "The project's database does not answer right now. Try again in a moment."), requestId, { 'Retry-After': '5' })
    }
    // Two sign-ups of one address at once: the unique index refuses the second.
    if ((error as { code?: unknown })?.code === '23505') return send(res, 422, errorBody(422, 'user_already_exists', 'User already registered'), requestId)
    console.error(`[${requestId}] auth service of project ${target.ref} failed:`, error)
    send(res, 500, errorBody(500, 'unexpected_failure', 'Something went wrong on our side. Please try again.'), requestId)
  }
}
