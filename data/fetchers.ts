/**
 * The one fetch stack of the dashboard (DESIGN §4, SPEC §7–8). Every platform call goes through
 * `call(route, input)`, typed from the route's declaration in lib/api-types/routes.ts: path
 * params, query and body are checked by the compiler, and the answer has the route's type. Each
 * call sends a fresh X-Request-Id, the bearer token when a session exists, credentials and
 * `Accept: application/json`; every failure, an answer that is not JSON included, becomes a
 * ResponseError with the wording of SPEC §8.
 */
import type { z } from 'zod'
import { DEFAULT_API_ERROR_MESSAGE, type AnyRoute, type PgErrorDetail } from '@/lib/api-types'
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

  constructor(message: string | undefined, code: number, extra: { requestId?: string; description?: string; pg?: PgErrorDetail } = {}) {
    super(message || DEFAULT_API_ERROR_MESSAGE)
    this.name = 'ResponseError'
    this.code = code
    this.requestId = extra.requestId
    this.description = extra.description
    this.pg = extra.pg
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
  const extra = { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...(accept ? { Accept: accept } : {}), ...options.headers }
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
    const response = await fetch(routeUrl(route, params, query), {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
      signal,
    })
    return { response, requestId }
  } catch (error) {
    // An abort by the caller is not an API error: let React Query see the AbortError.
    if (options.signal?.aborted) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw new ResponseError(`An error has occurred: ${detail}`, 500, { requestId })
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

export const NDJSON = 'application/x-ndjson'

/**
 * Calls a route that streams newline-delimited JSON, handing each parsed line to `onLine` as it
 * arrives. An error before the stream started is a ResponseError, as with `call`; so is a body
 * that is not NDJSON, or a connection cut mid-stream.
 */
export async function callStream<R extends AnyRoute>(
  route: R,
  input: CallInput<R>,
  options: CallOptions & { onLine: (line: unknown) => void }
): Promise<void> {
  const { response, requestId } = await send(route, input, options, `${NDJSON}, application/json`)
  if (!response.ok) throw await toResponseError(response, requestId)
  const serverId = response.headers.get('X-Request-Id') ?? requestId
  if (!response.body || !response.headers.get('Content-Type')?.startsWith(NDJSON))
    throw new ResponseError(`The server did not answer a stream (HTTP ${response.status}).`, response.status, { requestId: serverId })
  try {
    await readNdjson(response.body, options.onLine)
  } catch (error) {
    if (options.signal?.aborted) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw new ResponseError(`The answer was cut off: ${detail}`, 502, { requestId: serverId })
  }
}
