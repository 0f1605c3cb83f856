/**
 * One request, start to end: guards (host, origin, body), the route's declaration enforced in
 * order (mode, caller, input, roles policy, rate limits), the handler, and the answer. Every answer is JSON and
 * carries X-Request-Id; every error body is `{ code, message, requestId }` (SPEC §8), GoTrue's
 * fields added on the auth service. Nothing a client sends makes a 5xx: only the platform's own
 * failures do.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { AnyRoute, RouteFlavour } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { PlatformError, zodMessage } from '../kernel/errors'
import { errorAnswer } from './error-answer'
import { isRawJson, isReply, type HandlerContext } from '../kernel/handler-types'
import { identify } from './authenticate'
import { assertModeAllows, authorize, scopeBeforeBody } from './authorize'
import { assertAllowedHost, assertFormBody, assertJsonBody, assertSafeJson, assertSameOrigin, clientIp, readFormBody, readJsonBody } from './guards'
import { authError } from '../auth/gotrue-errors'
import { router, type AnyHandler } from '../routes'
import { allowedCorsOrigin, answerPreflight, setCorsHeaders } from './auth-cors'
import { assertDashboardAccess } from './dashboard-access'
import { enforceRateLimits } from './rate-limits'
import { API_VERSION_2024, speaks2024 } from '../auth/api-version'
import { logProjectRequest } from '../logs/edge-logs'
import { projectTarget } from '../gateway/target'
import { serveProjectService } from '../gateway/serve'

const SECURITY_HEADERS = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' }

function send(res: ServerResponse, status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) {
  if (res.headersSent) return res.end()
  res.statusCode = status
  res.setHeader('X-Request-Id', requestId)
  for (const [k, v] of Object.entries({ ...SECURITY_HEADERS, ...headers })) res.setHeader(k, v)
  if (status === 204 || body === undefined) return res.end()
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(body instanceof Uint8Array ? body : JSON.stringify(body))
}

function parse<S extends z.ZodType>(schema: S, value: unknown, flavour: RouteFlavour): z.output<S> {
  return parsed(schema.safeParse(value), flavour)
}

/** A checked input's value, or its 400 worded the way the caller's service words it. */
function parsed<T>(result: z.ZodSafeParseResult<T>, flavour: RouteFlavour): T {
  if (result.success) return result.data
  const message = zodMessage(result.error)
  throw flavour === 'auth' ? authError(400, 'validation_failed', message) : new PlatformError(400, message)
}

/**
 * The request target as a URL. Only origin-form targets (`/path?query`) are served: an absolute
 * or `//host` target would make the URL parser read a host out of the path.
 */
function requestUrl(target: string | undefined): URL | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null
  try {
    return new URL(target, 'http://localhost')
  } catch {
    return null
  }
}

function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {}
  for (const [key, value] of url.searchParams) query[key] = value
  return query
}

/**
 * What a handler's result is sent as: the route's status, or a reply's own status and headers.
 * The body is checked against the route's schema when asked (a reply without a body, such as a
 * 304, has none to check); raw JSON only from a route declared raw.
 */
export function successAnswer(route: AnyRoute, result: unknown, validate: boolean): { status: number; body: unknown; headers: Record<string, string> } {
  if (isRawJson(result)) {
    if (!route.raw) throw new Error(`${route.method} ${route.path} answered raw JSON but is not declared raw`)
    return { status: route.status, body: result.raw, headers: {} }
  }
  const answer = isReply(result) ? result : { status: route.status, body: result, headers: {} }
  if (validate && (answer.body !== undefined || !isReply(result))) {
    const checked = route.answer.safeParse(answer.body)
    if (!checked.success) throw new Error(`${route.method} ${route.path} answered outside its schema: ${zodMessage(checked.error)}`)
  }
  return { status: answer.status, body: answer.body, headers: answer.headers }
}

export async function handleNodeRequest(req: IncomingMessage, res: ServerResponse, platformPromise: Promise<Platform>) {
  const incomingId = req.headers['x-request-id']
  const requestId = typeof incomingId === 'string' && /^[\w-]{1,100}$/.test(incomingId) ? incomingId : randomUUID()
  const url = requestUrl(req.url)
  // Served at /api/* by Next and at /* by the test server; /auth/v1 arrives rewritten or not.
  const path = url ? url.pathname.replace(/^\/api(?=\/|$)/, '') || '/' : '/'
  let flavour: RouteFlavour = path.startsWith('/auth/v1/') ? 'auth' : 'platform'
  const version2024 = flavour === 'auth' && speaks2024(req)
  if (version2024) res.setHeader('X-Supabase-Api-Version', API_VERSION_2024)
  let corsOrigin: string | null = null
  try {
    if (!url) throw new PlatformError(400, 'The request target must be a path (/…).')
    // Postgres text cannot hold NUL: a path or query naming one is refused here, for every service
    // (PostgREST answered it by failing).
    if (/%00|\u0000/i.test(req.url ?? '')) throw new PlatformError(400, 'The request target must not hold a NUL character (%00).')
    const platform = await platformPromise.catch((error) => {
      console.error('The platform could not start:', error)
      throw new PlatformError(503, 'The platform could not start. The server log says why.')
    })
    // Self-hosted: this machine only, or the dashboard's credentials; before anything else is told.
    await assertDashboardAccess(req, platform)
    assertAllowedHost(req, platform.config.allowedHosts)
    // A project's services (data API, auth, …): its applications' calls, through the gateway.
    const project = projectTarget(path)
    if (project) return await serveProjectService(platform, req, res, project, url, requestId)
    const method = req.method ?? 'GET'
    if (flavour === 'auth') {
      corsOrigin = allowedCorsOrigin(req, platform.config.auth.corsOrigins)
      if (method === 'OPTIONS') return answerPreflight(res, corsOrigin)
      if (corsOrigin) setCorsHeaders(res, corsOrigin)
    }
    const match = router.match(method, path)
    if (match.kind === 'badPath') throw new PlatformError(400, 'The request path is not valid (a broken %-escape).')
    if (match.kind === 'notFound') throw new PlatformError(404, `No such endpoint: ${method} ${url.pathname}`)
    if (match.kind === 'methodNotAllowed')
      throw new PlatformError(405, `Method ${method} is not allowed on ${url.pathname}`, {}, { Allow: match.allowed.join(', ') })
    const route: AnyRoute = match.route
    flavour = route.flavour
    assertModeAllows(platform, route)

    const changes = method !== 'GET' && method !== 'HEAD'
    if (changes && route.form) assertFormBody(req)
    else if (changes && route.multipart) assertSameOrigin(req)
    else if (changes) {
      // A configured origin may call the auth service from its pages (bearer tokens, no cookies).
      if (!corsOrigin) assertSameOrigin(req)
      assertJsonBody(req)
    }
    const rawQuery = queryObject(url)
    assertSafeJson([match.params, rawQuery])
    // Path and query are checked before the caller, so that the organization or project they name
    // is looked up with the session (one control-plane round trip); their errors are still
    // answered in the order they always were (after the caller's and the body's).
    const params = route.params.safeParse(match.params)
    const query = route.query.safeParse(rawQuery)
    const scope = params.success && query.success ? scopeBeforeBody(route, { params: params.data, query: query.data }) : undefined
    // Who is calling, before the body is read: a caller who may not call uploads nothing.
    const { user, scope: found } = await identify(platform, req, route, scope)
    // Logged in the project's edge_logs only once the caller is known to be its member.
    const logRequest = (project: object | null | undefined) =>
      logProjectRequest(platform, { req, res, path, requestId, userId: user?.id ?? null, project })
    const logging = found?.kind === 'project' && logRequest(found.access)
    const maxBody = route.maxBodyBytes ?? platform.config.maxBodyBytes
    const rawBody = changes && !route.multipart ? await (route.form ? readFormBody : readJsonBody)(req, { maxBytes: maxBody, timeoutMs: platform.config.bodyTimeoutMs }) : undefined

    const input = {
      params: parsed(params, flavour),
      query: parsed(query, flavour),
      body: parse(route.body, rawBody, flavour),
    }
    const access = await authorize(platform, route, user, input, found)
    if (!logging && route.scope?.kind === 'project') logRequest(access)
    const ip = clientIp(req, platform.config.trustProxyHops)
    // The route's own rate limits: only a request that passed every check above is counted.
    await enforceRateLimits(platform, route, { ip, user }, input)
    const ctx = { platform, req, res, requestId, ip, user, access, ...input }
    const result = await (match.handler as AnyHandler)(ctx as HandlerContext<AnyRoute>)
    if (res.writableEnded) return

    const answer = successAnswer(route, result, platform.config.validateAnswers)
    send(res, answer.status, method === 'HEAD' ? undefined : answer.body, requestId, answer.headers)
  } catch (error) {
    const { status, body, headers } = errorAnswer(error, flavour, requestId)
    // Refused before its body arrived whole (too slow, too large): the rest is not waited for.
    if (!req.complete) res.setHeader('Connection', 'close')
    // From 2024-01-01 on, GoTrue's `code` is the string error code.
    if (version2024 && typeof body.error_code === 'string') body.code = body.error_code
    send(res, status, body, requestId, headers)
  }
}
