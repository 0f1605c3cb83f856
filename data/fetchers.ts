/**
 * The one fetch stack of the dashboard (DESIGN §4, SPEC §7–8). Every platform call goes through
 * here: a fresh X-Request-Id, the bearer token when a session exists, credentials included,
 * JSON accepted; failures become a ResponseError with the wording of SPEC §8.
 */
import { API_URL } from '@/lib/constants'
import { getAccessToken } from '@/lib/auth/session-token'
import { DEFAULT_API_ERROR_MESSAGE } from '@/lib/api-types'

export const DEFAULT_GET_TIMEOUT_MS = 60_000

export class ResponseError extends Error {
  code: number
  requestId?: string
  description?: string
  /** Postgres details for SQL errors (code, position …). */
  pg?: { code?: string; position?: number; detail?: string; hint?: string }

  constructor(
    message: string | undefined,
    code: number,
    extra: { requestId?: string; description?: string; pg?: ResponseError['pg'] } = {}
  ) {
    super(message || DEFAULT_API_ERROR_MESSAGE)
    this.name = 'ResponseError'
    this.code = code
    this.requestId = extra.requestId
    this.description = extra.description
    this.pg = extra.pg
  }
}

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>
export type RequestOptions = {
  signal?: AbortSignal
  query?: Record<string, QueryValue>
  headers?: Record<string, string>
  /** GET only; default 60 s. */
  timeoutMs?: number
}

/** Builds the full URL: API base + path, query arrays comma-joined (SPEC §7). */
export function buildUrl(path: string, query?: Record<string, QueryValue>, base = API_URL): string {
  const url = /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  const qs = params.toString()
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url
}

export async function buildHeaders(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Request-Id': crypto.randomUUID(),
    ...extra,
  }
  const token = await getAccessToken()
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
  let pg: ResponseError['pg']
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    const candidate = b.error ?? b.message ?? b.msg
    if (typeof candidate === 'string') message = candidate
    else if (candidate && typeof candidate === 'object' && 'message' in candidate && typeof candidate.message === 'string')
      message = candidate.message
    if (typeof b.description === 'string') description = b.description
    if (b.pg && typeof b.pg === 'object') pg = b.pg as ResponseError['pg']
    if (typeof b.requestId === 'string') requestId = b.requestId
  }
  if (!message) message = text || `An error has occurred: ${response.status}`
  return new ResponseError(message, response.status, {
    requestId: requestId ?? response.headers.get('X-Request-Id') ?? undefined,
    description,
    pg,
  })
}

async function send<T>(method: string, path: string, init: RequestOptions & { body?: unknown } = {}): Promise<T> {
  const hasBody = init.body !== undefined
  const headers = await buildHeaders({
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...init.headers,
  })
  const requestId = headers['X-Request-Id']

  let signal = init.signal
  let timer: ReturnType<typeof setTimeout> | undefined
  if (method === 'GET') {
    const controller = new AbortController()
    const timeoutMs = init.timeoutMs ?? DEFAULT_GET_TIMEOUT_MS
    timer = setTimeout(() => controller.abort(new Error(`Request timed out after ${timeoutMs} ms`)), timeoutMs)
    if (init.signal) {
      if (init.signal.aborted) controller.abort(init.signal.reason)
      else init.signal.addEventListener('abort', () => controller.abort(init.signal!.reason), { once: true })
    }
    signal = controller.signal
  }

  let response: Response
  try {
    response = await fetch(buildUrl(path, init.query), {
      method,
      headers,
      credentials: 'include',
      body: hasBody ? JSON.stringify(init.body) : undefined,
      signal,
    })
  } catch (error) {
    // An abort by the caller is not an API error: let React Query see the AbortError.
    if (init.signal?.aborted) throw error
    const detail = error instanceof Error ? error.message : String(error)
    throw new ResponseError(`An error has occurred: ${detail}`, 500, { requestId })
  } finally {
    if (timer) clearTimeout(timer)
  }

  if (!response.ok) throw await toResponseError(response, requestId)
  if (method === 'HEAD' || response.status === 204) return undefined as T
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

export const get = <T>(path: string, options?: RequestOptions) => send<T>('GET', path, options)
export const head = (path: string, options?: RequestOptions) => send<void>('HEAD', path, options)
export const post = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  send<T>('POST', path, { ...options, body: body ?? {} })
export const patch = <T>(path: string, body?: unknown, options?: RequestOptions) =>
  send<T>('PATCH', path, { ...options, body: body ?? {} })
export const del = <T>(path: string, options?: RequestOptions) => send<T>('DELETE', path, options)

export function isResponseError(error: unknown): error is ResponseError {
  return error instanceof ResponseError
}
