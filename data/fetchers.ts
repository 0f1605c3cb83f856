/**
 * The one fetch stack of the dashboard (DESIGN §4, SPEC §7–8). Every platform call goes through
 * `call(route, input)`, typed from the route's declaration in lib/api-types/routes.ts: path
 * params, query and body are checked by the compiler, and the answer has the route's type. Each
 * call sends a fresh X-Request-Id, the bearer token when a session exists, credentials and
 * `Accept: application/json`; every failure, an answer that is not JSON included, becomes a
 * ResponseError with the wording of SPEC §8.
 */
import type { z } from 'zod'
import { DEFAULT_API_ERROR_MESSAGE } from '@/lib/api-types/errors'
import type { AnyRoute, PgErrorDetail } from '@/lib/api-types'
import { API_URL, PLATFORM_API_URL } from '@/lib/client-config'
import { getAccessToken } from '@/lib/auth/session-token'
import { readNdjson } from '@/lib/ndjson'

export const DEFAULT_GET_TIMEOUT_MS = 60_000

export class ResponseError extends Error {
  code: number
  requestId?: string
  description?: string
  /** Postgres details for SQL errors (code, position …). */
  pg?: PgErrorDetail
  /** No answer arrived: the request failed on its way (offline, server unreachable). */
  network: boolean

  constructor(message: string | undefined, code: number, extra: { requestId?: string; description?: string; pg?: PgErrorDetail; network?: boolean } = {}) {
    super(message || DEFAULT_API_ERROR_MESSAGE)
    this.name = 'ResponseError'
    this.code = code
    this.requestId = extra.requestId
    this.description = extra.description
    this.pg = extra.pg
    this.network = extra.network ?? false
  }
}

export function isResponseError(error: unknown): error is ResponseError {
  return error instanceof ResponseError
}

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>

type Empty = Record<never, never>
type Part<K extends string, S extends z.ZodType> = Empty extends z.input<S> ? { [P in K]?: z.input<S> } : { [P in K]: z.input<S> }
/** What a call sends: each part required exactly when the route's schema requires something. */
export type CallInput<R extends AnyRoute> = Part<'params', R['params']> & Part<'query', R['query']> & Part<'body', R['body']>
export type CallAnswer<R extends AnyRoute> = z.output<R['answer']>
export type CallOptions = {
  signal?: AbortSignal
  headers?: Record<string, string>
  /** GET only; default 60 s. */
  timeoutMs?: number
  /** Let the request outlive the page (sent as the page unloads); small bodies only (64 KB in all). */
  keepalive?: boolean
  /**
   * Another server that serves the route (a docs backend elsewhere): the base its path's first
   * segment stands for, as `{platform-api}` stands for `/platform`. `/docs/rest/v1/x` with base
   * `https://docs.example` is sent to `https://docs.example/rest/v1/x`.
   */
  base?: string
  /** A multipart body (a function's files, for a route declared `multipart`), sent instead of JSON. */
  form?: FormData
}

/** Query string with arrays comma-joined (SPEC §7). */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}

/**
 * The URL of a route: `/platform/…` paths below `{platform-api}`, others below the API base;
 * `:name` segments filled from params, encoded.
 */
export function routeUrl(
  route: Pick<AnyRoute, 'path'>,
  params: Record<string, unknown> = {},
  query?: Record<string, QueryValue>,
  bases = { api: API_URL, platform: PLATFORM_API_URL }
): string {
  const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') throw new Error(`${route.path}: missing path parameter ${name}`)
    return encodeURIComponent(String(value))
  })
  const url = path.startsWith('/platform/') || path === '/platform' ? `${bases.platform}${path.slice('/platform'.length)}` : `${bases.api}${path}`
  return url + queryString(query)
}

/** The URL of a route another server serves (`CallOptions.base`): its first path segment stands for `base`. */
export function rebasedRouteUrl(route: Pick<AnyRoute, 'path'>, base: string, params: Record<string, unknown> = {}, query?: Record<string, QueryValue>): string {
  const root = base.replace(/\/+$/, '')
  return routeUrl({ path: route.path.replace(/^\/[^/]+/, '') }, params, query, { api: root, platform: root })
}

async function buildHeaders(extra: Record<string, string> = {}, { withToken = true } = {}): Promise<Record<string, string>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': crypto.randomUUID(), ...extra }
  // A public route gets no bearer: it needs none, and the sign-up form calls one before any session exists.
  const token = withToken ? await getAccessToken() : undefined
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`
  return headers
}

/** SPEC §8: message from error, message or msg, else the raw text, else 'An error has occurred: {status}'. */
export async function toResponseError(response: Response, requestId?: string): Promise<ResponseError> {
  const text = await response.text().catch(() => '')
  let body: unknown = undefined
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  let message: string | undefined
  let description: string | undefined
  let pg: PgErrorDetail | undefined
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    const candidate = b.error ?? b.message ?? b.msg
    if (typeof candidate === 'string') message = candidate
    else if (candidate && typeof candidate === 'object' && 'message' in candidate && typeof candidate.message === 'string') message = candidate.message
    if (typeof b.description === 'string') description = b.description
    if (b.pg && typeof b.pg === 'object') pg = b.pg as PgErrorDetail
    if (typeof b.requestId === 'string') requestId = b.requestId
  }
  if (!message) message = text || `An error has occurred: ${response.status}`
  return new ResponseError(message, response.status, {
    requestId: requestId ?? response.headers.get('X-Request-Id') ?? undefined,
    description,
    pg,
  })
}

/** A successful answer's JSON; an empty or non-JSON one is a ResponseError, never a SyntaxError. */
async function readAnswer(response: Response, requestId: string): Promise<unknown> {
  if (response.status === 204) return undefined
  const serverId = response.headers.get('X-Request-Id') ?? requestId
  const text = await response.text()
  if (!text) throw new ResponseError(`The server sent an empty answer (HTTP ${response.status}).`, response.status, { requestId: serverId })
  try {
    return JSON.parse(text)
  } catch {
    throw new ResponseError(`The server answered with something that is not JSON (HTTP ${response.status}).`, response.status, {
      requestId: serverId,
    })
  }
}

type CallArgs<R extends AnyRoute> = Empty extends CallInput<R> ? [input?: CallInput<R>, options?: CallOptions] : [input: CallInput<R>, options?: CallOptions]

/** Sends one request of the fetch stack (headers, token, GET timeout); a failed fetch becomes a ResponseError. */
async function send<R extends AnyRoute>(route: R, input: CallInput<R> | undefined, options: CallOptions, accept?: string): Promise<{ response: Response; requestId: string }> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown }
  const method = route.method
  const hasBody = method !== 'GET'
  // A form's Content-Type (with its boundary) is the browser's to write.
  const extra = { ...(hasBody && !options.form ? { 'Content-Type': 'application/json' } : {}), ...(accept ? { Accept: accept } : {}), ...options.headers }
  const headers = await buildHeaders(extra, { withToken: route.auth !== 'public' })
  const requestId = headers['X-Request-Id']

  let signal = options.signal
  let timer: ReturnType<typeof setTimeout> | undefined
  if (method === 'GET') {
    const controller = new AbortController()
    const timeoutMs = options.timeoutMs ?? DEFAULT_GET_TIMEOUT_MS
    timer = setTimeout(() => controller.abort(new Error(`Request timed out after ${timeoutMs} ms`)), timeoutMs)
    if (options.signal) {
      if (options.signal.aborted) controller.abort(options.signal.reason)
      else options.signal.addEventListener('abort', () => controller.abort(options.signal!.reason), { once: true })
    }
    signal = controller.signal
  }

  try {
    const url = options.base ? rebasedRouteUrl(route, options.base, params, query) : routeUrl(route, params, query)
    const response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: options.form ?? (hasBody ? JSON.stringify(body ?? {}) : undefined),
      signal,
      keepalive: options.keepalive,
    })
    return { response, requestId }
  } catch (error) {
    // An abort by the caller is not an API error: let React Query see the AbortError.
    if (options.signal?.aborted) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw new ResponseError(`An error has occurred: ${detail}`, 500, { requestId, network: true })
  } finally {
    if (timer) clearTimeout(timer)
  }
}

/** Calls the platform route `route`; answers its declared answer type or throws ResponseError. */
export async function call<R extends AnyRoute>(route: R, ...[input, options = {}]: CallArgs<R>): Promise<CallAnswer<R>> {
  const { response, requestId } = await send(route, input, options)
  if (!response.ok) throw await toResponseError(response, requestId)
  return (await readAnswer(response, requestId)) as CallAnswer<R>
}

/** A conditional GET's answer: the new version with its ETag, or `notModified` when the one held is current. */
export type IfChanged<T> = { notModified: true } | { notModified: false; data: T; etag: string | null }

/**
 * `call` for a GET that names the version the caller already holds (`If-None-Match: etag`): a 304
 * answers `notModified`; anything else is answered, or thrown, as `call` does.
 */
export async function callIfChanged<R extends AnyRoute>(route: R, input: CallInput<R>, { etag, ...options }: CallOptions & { etag?: string } = {}): Promise<IfChanged<CallAnswer<R>>> {
  const headers = etag ? { ...options.headers, 'If-None-Match': etag } : options.headers
  const { response, requestId } = await send(route, input, { ...options, headers })
  if (response.status === 304) return { notModified: true }
  if (!response.ok) throw await toResponseError(response, requestId)
  return { notModified: false, data: (await readAnswer(response, requestId)) as CallAnswer<R>, etag: response.headers.get('ETag') }
}

export const NDJSON = 'application/x-ndjson'

/**
 * Calls a route that streams newline-delimited JSON, handing each parsed line to `onLine` as it
 * arrives. An error before the stream started is a ResponseError, as with `call`; so is a body
 * that is not NDJSON, or a connection cut mid-stream.
 */
export async function callStream<R extends AnyRoute>(
  route: R,
  input: CallInput<R>,
  options: CallOptions & { onLine: (line: unknown, chars: number) => void }
): Promise<void> {
  const { response, requestId } = await send(route, input, options, `${NDJSON}, application/json`)
  if (!response.ok) throw await toResponseError(response, requestId)
  const serverId = response.headers.get('X-Request-Id') ?? requestId
  if (!response.body || !response.headers.get('Content-Type')?.startsWith(NDJSON))
    throw new ResponseError(`The server did not answer a stream (HTTP ${response.status}).`, response.status, { requestId: serverId })
  try {
    await readNdjson(response.body, options.onLine, options.signal)
  } catch (error) {
    if (options.signal?.aborted) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw new ResponseError(`The answer was cut off: ${detail}`, 502, { requestId: serverId })
  }
}
