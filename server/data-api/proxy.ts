/**
 * {site}/p/{ref}/rest/v1/…: the project's data API, as the gateway (server/gateway/) hands it
 * over. A raw proxy to the project's PostgREST (processes.ts), not a JSON route: the `apikey`
 * passed the gate; it is sent on as `Authorization: Bearer` when the request has no Authorization
 * of its own (PostgREST then checks that token with the same secret and takes its role). Method,
 * path, query, body and PostgREST's headers go through; the answer is streamed back.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { Platform } from '../kernel/platform'
import { admitClient } from '../gateway/admission'
import type { ServiceCall } from '../gateway/types'
import { publicAnswer as answer } from '../gateway/answers'
import { requestKey } from '../gateway/gate'
import type { DataApiProcesses } from './processes'
import { keyPassedBefore } from './keys'
import { clientIp, readBody } from '../http/guards'
import { isPlatformError } from '../kernel/errors'

/** What the data API still answers in read-only mode. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Connections to PostgREST are kept open between requests (a new one per request costs more than
 * the rest of the proxy), and closed after 5 s unused: well before PostgREST closes an idle one.
 */
const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 5_000 })

/** Request headers PostgREST reads; nothing else (cookies, the dashboard's) goes through. */
const FORWARDED = ['accept', 'content-type', 'content-length', 'prefer', 'range', 'range-unit', 'accept-profile', 'content-profile', 'if-none-match', 'if-match']
/**
 * PostgREST answers what a project's SQL asks (`response.headers`, `response.status`, media-type
 * domains) and here it answers on the platform's own origin. So only the headers an application
 * of the data API reads go through, PostgREST's own: no cookie of a project's choosing, no
 * redirect elsewhere, no credential prompt, no cache or service worker rules for the dashboard's
 * origin. No answer runs as a page there (sandboxed, never sniffed), whatever its Content-Type,
 * and its CORS stays the proxy's: any origin, never with credentials.
 */
const PASSED = new Set([
  'content-type',
  'content-range',
  'content-location',
  'content-profile',
  'content-disposition',
  'content-language',
  'range-unit',
  'preference-applied',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'date',
])
/** PostgREST's Location of a created row (`/todos?id=eq.1`): a path of its own, never another site, nor a redirect. */
const OWN_LOCATION = /^\/(?!\/)[^\\]*$/
const CONTAINED = { 'Content-Security-Policy': "default-src 'none'; sandbox", 'X-Content-Type-Options': 'nosniff' }

/** The answer's headers that go on to the caller (PASSED), and Location only as PostgREST writes it for a created row. */
function passedHeaders(status: number, headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && PASSED.has(name)) out[name] = value
  const location = headers.location
  if (status === 201 && typeof location === 'string' && OWN_LOCATION.test(location)) out.location = location
  return out
}

/** The query string without `apikey` (PostgREST would read it as a filter), as the client wrote it. */
function forwardedQuery(search: string): string {
  const kept = search.replace(/^\?/, '').split('&').filter((part) => part && !part.startsWith('apikey='))
  return kept.length ? `?${kept.join('&')}` : ''
}

/** Headers sent to PostgREST: the ones it reads, and the caller's token or else the API key as the bearer. */
function upstreamHeaders(req: IncomingMessage, key: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const authorization = req.headers.authorization
  headers.authorization = typeof authorization === 'string' && authorization ? authorization : `Bearer ${key}`
  return headers
}

function withoutBody(headers: Record<string, string>): Record<string, string> {
  const { 'content-length': _length, 'transfer-encoding': _chunked, ...rest } = headers
  return rest
}

/** A request sent to PostgREST: its answer (or the error that stands for none) is taken, or dropped, later. */
type Upstream = { request: http.ClientRequest; answered: Promise<IncomingMessage | Error> }

/**
 * `body`: the request's, read whole (null: a read sent before the gate passed, with no body and
 * no header that announces one; PostgREST would wait for a body announced and not sent, and read
 * the next request on the connection as that body). A body is read before it goes on, so a client
 * that sends it slowly never holds one of PostgREST's connections while it does.
 */
function sendUpstream(req: IncomingMessage, socketPath: string, path: string, upstream: Record<string, string>, body: Buffer | null): Upstream {
  const headers = withoutBody(upstream)
  if (body?.length) headers['content-length'] = String(body.length)
  // Throws here (not in a promise) for a header Node refuses.
  const request = http.request({ agent: upstreamAgent, socketPath, method: req.method, path, headers })
  const answered = new Promise<IncomingMessage | Error>((resolve) => {
    request.once('response', resolve)
    request.once('error', resolve)
  })
  request.end(body?.length ? body : undefined)
  return { request, answered }
}

/** Whether an `Authorization: Bearer` JWT's `exp` has passed (its signature is PostgREST's to check). */
function expiredBearer(authorization: string | undefined): boolean {
  const token = /^Bearer\s+([\w-]+)\.([\w-]+)\.[\w-]+$/i.exec(authorization ?? '')
  if (!token) return false
  try {
    const { exp } = JSON.parse(Buffer.from(token[2], 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof exp === 'number' && exp * 1000 <= Date.now()
  } catch {
    return false
  }
}

export async function proxyDataApi(platform: Platform, processes: DataApiProcesses, call: ServiceCall) {
  const { req, res, url, requestId } = call
  const target = { ref: call.ref, rest: call.rest }
  const path = `${target.rest}${forwardedQuery(url.search)}`
  const read = READS.has(req.method ?? 'GET')
  // A read with a key this project has seen pass, for a PostgREST already running here, is sent
  // at once, beside the gate's control-plane read, instead of after it. It writes nothing:
  // PostgREST runs GET and HEAD in a read-only transaction, and checks the token itself. Nothing of
  // its answer is sent, counted or logged before the gate passed; when the gate refuses (the key
  // was rotated, the organization restricted…), it is dropped. Other keys wait for the gate: a
  // caller without a key that ever passed has PostgREST do nothing.
  const key = requestKey(req, url)
  const running = read && key && keyPassedBefore(target.ref, key) ? processes.useRunning(target.ref) : null
  let early: (NonNullable<typeof running> & { upstream: Upstream }) | null = null
  try {
    if (running) early = { ...running, upstream: sendUpstream(req, running.socket, path, upstreamHeaders(req, key ?? ''), null) }
  } catch {
    // Not sent (a header Node refuses): the request waits for the gate like any other.
    running?.dropped()
  }
  // Its connection is ended: nothing of it is read, and a slow answer holds nothing here.
  const drop = () => {
    early?.upstream.request.destroy()
    early?.dropped()
  }
  let gate: Awaited<ReturnType<ServiceCall['pass']>>
  try {
    gate = await call.pass()
  } catch (error) {
    drop()
    throw error
  }
  if (!gate) return drop()
  const { project, settings } = gate
  if (!settings.enabled) {
    drop()
    return answer(res, 404, { message: "This project's data API is turned off: turn it on in Project settings → API." }, requestId)
  }
  // PostgREST 12 takes a token up to 30 s past its `exp` (a clock skew it allows, not a setting):
  // here a token is expired at its `exp`, as the project's auth service says.
  if (expiredBearer(req.headers.authorization)) {
    drop()
    res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token", error_description="JWT expired"')
    return answer(res, 401, { code: 'PGRST301', details: null, hint: null, message: 'JWT expired' }, requestId)
  }
  if (!admitClient(res, 'rest', project.ref, clientIp(req, platform.config.trustProxyHops), platform.config.dataApiMaxRequestsPerClient)) {
    drop()
    res.setHeader('Retry-After', '1')
    return answer(res, 429, { message: `Too many requests to this project's data API are under way from your address (${platform.config.dataApiMaxRequestsPerClient} at most at once); wait for one to end.` }, requestId)
  }
  // The body, whole and in time, before anything goes to PostgREST (413, 408 otherwise).
  let body: Buffer | null = null
  if (!read) {
    try {
      body = await readBody(req, { maxBytes: platform.config.dataApiMaxBodyBytes, timeoutMs: platform.config.bodyTimeoutMs })
    } catch (error) {
      drop()
      if (!isPlatformError(error)) throw error
      // The rest of that body is never read: the connection ends with the answer.
      res.setHeader('Connection', 'close')
      return answer(res, error.status, { message: error.message }, requestId)
    }
  }

  // Another app instance rotated the secret or changed the settings (and stopped only its own
  // PostgREST): this one starts again with them, and an early read of the old one is dropped.
  if (await processes.stopIfStale(project.ref, settings)) {
    drop()
    early = null
  }
  // The client left while the gate was asked: nothing to answer ('close' came and went).
  if (res.closed) return drop()

  let upstream: Upstream
  if (early) {
    upstream = early.upstream
    res.once('close', early.done)
  } else {
    // Held until the answer ends: the idle stop never ends a request (or a start) under way.
    const use = processes.use(project)
    res.once('close', use.done)
    let socket: string
    try {
      socket = (await use.ready).socket
    } catch (error) {
      console.error(`[${requestId}] the data API of project ${project.ref} could not start:`, (error as Error).message)
      return answer(res, 503, { message: "The project's data API could not start. Try again in a moment." }, requestId)
    }
    upstream = sendUpstream(req, socket, path, upstreamHeaders(req, gate.key), body)
  }
  const { request } = upstream
  // A client that leaves stops the request upstream too.
  res.once('close', () => {
    if (!res.writableFinished) request.destroy()
  })
  const answered = await upstream.answered
  // An early answer whose connection broke while the gate was asked ended unseen (no listener then).
  if (answered instanceof Error || answered.destroyed) {
    console.error(`[${requestId}] data API of project ${project.ref}:`, answered instanceof Error ? answered.message : 'its answer broke off')
    return answer(res, 503, { message: "The project's data API did not answer. Try again in a moment." }, requestId)
  }
  const status = answered.statusCode ?? 502
  const out: Record<string, string | string[]> = { ...passedHeaders(status, answered.headers), ...CONTAINED }
  await relay(answered, res, { status, headers: out, head: req.method === 'HEAD' })
}

/**
 * PostgREST answers in chunks. An answer that ends within SMALL_ANSWER_BYTES goes on in one write
 * with its Content-Length (most answers: a row or a page of rows); a larger one is streamed as it
 * comes, with the reader's pace (back-pressure).
 */
const SMALL_ANSWER_BYTES = 64 * 1024

function relay(
  answered: IncomingMessage,
  res: ServerResponse,
  { status, headers, head }: { status: number; headers: Record<string, string | string[]>; head: boolean }
): Promise<void> {
  // No body to measure: a HEAD's length is the GET's, and 204 and 304 have none.
  const bodiless = head || status === 204 || status === 304
  return new Promise<void>((resolve) => {
    /** The answer so far while it is small; null once it is streamed. */
    let held: Buffer[] | null = []
    let heldBytes = 0
    answered.on('data', (chunk: Buffer) => {
      if (!held) return
      held.push(chunk)
      heldBytes += chunk.byteLength
      if (heldBytes <= SMALL_ANSWER_BYTES) return
      res.writeHead(status, headers)
      for (const part of held) res.write(part)
      held = null
      answered.pipe(res)
    })
    answered.once('end', () => {
      if (held) {
        if (!bodiless) headers['content-length'] = String(heldBytes)
        res.writeHead(status, headers)
        res.end(held.length === 1 ? held[0] : Buffer.concat(held))
      }
      resolve()
    })
    answered.once('error', () => {
      res.destroy()
      resolve()
    })
    res.once('close', resolve)
  })
}
