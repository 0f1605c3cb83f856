/**
 * Turns a node request into a route call and the outcome into a JSON answer. Every answer carries
 * X-Request-Id; every error body is `{ code, message, requestId }` (SPEC §8).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomUUID } from 'node:crypto'
import { isPlatformError, PlatformError } from './errors'
import { isReply, type RouteContext } from './types'
import { routes } from '../routes'
import type { Platform } from '../platform'
import { resolveUser, type AuthUser } from '../auth/current-user'

const isUniqueViolation = (error: unknown) => !!error && typeof error === 'object' && (error as { code?: unknown }).code === '23505'

const MAX_BODY_BYTES = 8 * 1024 * 1024

/**
 * Requests that change something must come from this origin: a browser marks cross-site requests
 * (Origin, Sec-Fetch-Site), and a cross-site page must not be able to drive a signed-in user's
 * session or, in self-hosted mode, run SQL with no sign-in at all.
 */
function assertSameOrigin(req: IncomingMessage) {
  if (req.headers['sec-fetch-site'] === 'cross-site') throw new PlatformError(403, 'Cross-site requests are not allowed.')
  const origin = req.headers.origin
  if (origin === undefined) return
  let originHost: string | null = null
  try {
    originHost = origin === 'null' ? null : new URL(origin).host
  } catch {
    originHost = null
  }
  if (!originHost || originHost !== req.headers.host) throw new PlatformError(403, 'Cross-site requests are not allowed.')
}

/** Only JSON bodies: a form or text/plain body is what a cross-site page can send without asking. */
function assertJsonBody(req: IncomingMessage) {
  const length = req.headers['content-length']
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
  if (!hasBody) return
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/json') throw new PlatformError(415, 'Send the request body as JSON (Content-Type: application/json).')
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  // Next may already have parsed it (when its body parser is on).
  const preParsed = (req as IncomingMessage & { body?: unknown }).body
  if (preParsed !== undefined) return preParsed
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new PlatformError(413, 'The request body is too large (8 MB at most).')
    chunks.push(chunk as Buffer)
  }
  if (size === 0) return undefined
  const text = Buffer.concat(chunks).toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    throw new PlatformError(400, 'The request body is not valid JSON.')
  }
}

function send(res: ServerResponse, status: number, body: unknown, requestId: string, headers: Record<string, string> = {}) {
  res.statusCode = status
  res.setHeader('X-Request-Id', requestId)
  res.setHeader('Cache-Control', 'no-store')
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v)
  if (status === 204 || body === undefined) return res.end()
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(body instanceof Uint8Array ? body : JSON.stringify(body))
}

export async function handleNodeRequest(req: IncomingMessage, res: ServerResponse, platformPromise: Promise<Platform>) {
  const incomingId = req.headers['x-request-id']
  const requestId = typeof incomingId === 'string' && /^[\w-]{1,100}$/.test(incomingId) ? incomingId : randomUUID()
  const url = new URL(req.url ?? '/', 'http://localhost')
  // Served at /api/* by Next and at /* by the test server; /auth/v1 arrives rewritten or not.
  const path = url.pathname.replace(/^\/api(?=\/|$)/, '') || '/'
  try {
    const matched = routes.match(req.method ?? 'GET', path)
    if (matched === null) throw new PlatformError(404, `No such endpoint: ${req.method} ${url.pathname}`)
    if (matched === 'methodNotAllowed') throw new PlatformError(405, `Method ${req.method} is not allowed on ${url.pathname}`)
    const platform = await platformPromise.catch((error) => {
      console.error('The platform could not start:', error)
      throw new PlatformError(503, 'The platform could not start. The server log says why.')
    })
    const changes = req.method !== 'GET' && req.method !== 'HEAD'
    if (changes) {
      assertSameOrigin(req)
      assertJsonBody(req)
    }
    const body = changes ? await readBody(req) : undefined
    let user: Promise<AuthUser> | undefined
    const ctx: RouteContext = {
      req,
      res,
      url,
      params: matched.params,
      body,
      requestId,
      platform,
      requireUser: () => (user ??= resolveUser(platform, req)),
    }
    const result = await matched.handler(ctx)
    if (res.writableEnded) return
    if (isReply(result)) return send(res, result.status, result.raw ?? result.body, requestId, result.headers)
    send(res, 200, result, requestId)
  } catch (error) {
    if (isPlatformError(error)) {
      return send(res, error.status, { code: error.status, message: error.message, requestId, ...error.extra }, requestId)
    }
    if (isUniqueViolation(error)) {
      // Two requests raced to create the same thing; the loser may simply try again.
      return send(res, 409, { code: 409, message: 'That was just created by another request. Please try again.', requestId }, requestId)
    }
    console.error(`[${requestId}] ${req.method} ${url.pathname} failed:`, error)
    send(res, 500, { code: 500, message: 'Something went wrong on our side. Please try again.', requestId }, requestId)
  }
}
