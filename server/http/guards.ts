/**
 * Checks every request passes before it reaches a route: the Host it is addressed to (DNS
 * rebinding), where a state-changing request comes from (CSRF), and a body that is JSON, not too
 * large, and free of NUL characters (Postgres text cannot hold them).
 */
import type { IncomingMessage } from 'node:http'
import { PlatformError } from '../kernel/errors'
import { formatBytes } from '@/lib/format-bytes'

/** `example.com:3000` → `example.com`; `[::1]:3000` → `[::1]`. Lowercase; null when malformed. */
export function hostName(host: string | undefined): string | null {
  if (!host) return null
  const value = host.trim().toLowerCase()
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.exec(value)
  return match ? match[1] : null
}

export function isAllowedHost(host: string | undefined, allowedHosts: string[]): boolean {
  if (allowedHosts.includes('*')) return true
  const name = hostName(host)
  return name !== null && allowedHosts.includes(name)
}

/**
 * A page on another name that resolves to this server (DNS rebinding) sends its own name as Host:
 * refuse every name this server does not answer to, before anything else happens.
 */
export function assertAllowedHost(req: IncomingMessage, allowedHosts: string[]) {
  if (isAllowedHost(req.headers.host, allowedHosts)) return
  throw new PlatformError(
    403,
    `This server does not answer to the host name "${String(req.headers.host ?? '').slice(0, 100)}". Its administrator can add it to ALLOWED_HOSTS or set SITE_URL.`
  )
}

/**
 * Requests that change something must come from this origin: a browser marks cross-site requests
 * (Origin, Sec-Fetch-Site), and a cross-site page must not be able to drive a signed-in user's
 * session or, in self-hosted mode, run SQL with no sign-in at all.
 */
export function assertSameOrigin(req: IncomingMessage) {
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

/** A multipart/form-data upload (the routes declared `multipart`): checked by their handler once the caller may call. */
export function assertMultipartBody(req: IncomingMessage) {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'multipart/form-data') throw new PlatformError(415, 'Send the files as multipart/form-data (a metadata part and one part per file).')
}

/** Only JSON bodies: a form or text/plain body is what a cross-site page can send without asking. */
export function assertJsonBody(req: IncomingMessage) {
  const length = req.headers['content-length']
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
  if (!hasBody) return
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/json') throw new PlatformError(415, 'Send the request body as JSON (Content-Type: application/json).')
}

const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).'
/** Half of a UTF-16 surrogate pair: JSON may spell it, but no database text or jsonb can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** `path` names where the text is (`page_title`, `custom_properties.a`), so that the message does too. */
function assertText(text: string, path: string) {
  if (text.includes('\u0000')) throw new PlatformError(400, NUL_MESSAGE)
  if (LONE_SURROGATE.test(text))
    throw new PlatformError(400, `${path || 'The body'} is not valid Unicode text (it holds half of a surrogate pair, \\uD800–\\uDFFF).`)
}

/** JSON values deeper than this are refused: schema checks walk them by recursion, and would overflow the stack. */
export const MAX_JSON_DEPTH = 64

/**
 * Refuses NUL or half a surrogate pair anywhere in a string or a key of a JSON value, and values
 * nested deeper than MAX_JSON_DEPTH (walked without recursion, so that no check can overflow).
 */
export function assertSafeJson(value: unknown) {
  const stack: [unknown, number, string][] = [[value, 0, '']]
  while (stack.length) {
    const [item, depth, path] = stack.pop()!
    if (typeof item === 'string') {
      assertText(item, path)
    } else if (item && typeof item === 'object') {
      if (depth >= MAX_JSON_DEPTH) throw new PlatformError(400, `The request body is nested too deeply (${MAX_JSON_DEPTH} levels at most).`)
      if (Array.isArray(item)) {
        item.forEach((child, i) => stack.push([child, depth + 1, `${path}[${i}]`]))
      } else {
        for (const [key, child] of Object.entries(item)) {
          assertText(key, path ? `A key of ${path}` : 'A key')
          stack.push([child, depth + 1, path ? `${path}.${key}` : key])
        }
      }
    }
  }
}

/** How long a whole request body may take to arrive (REQUEST_BODY_TIMEOUT_MS), when a caller gives none. */
const BODY_TIMEOUT_MS = 10_000

export type BodyLimits = { maxBytes: number; timeoutMs?: number }

/**
 * The raw body, at most `maxBytes`, arrived whole within `timeoutMs`: a body that trickles in
 * answers 408 (the caller answers it with `Connection: close`), so a slow client holds nothing
 * for long.
 */
export function readBody(req: IncomingMessage, { maxBytes, timeoutMs = BODY_TIMEOUT_MS }: BodyLimits): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  const tooLarge = () => new PlatformError(413, `The request body is too large (${formatBytes(maxBytes)} at most).`)
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge())
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (error: Error | null) => {
      clearTimeout(timer)
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
      req.off('aborted', onAborted)
      // Whatever else comes is not read: the answer closes the connection.
      if (error) {
        req.pause()
        reject(error)
      } else resolve(Buffer.concat(chunks))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) stop(tooLarge())
      else chunks.push(chunk)
    }
    const onEnd = () => stop(null)
    // The caller hung up mid-body (a browser leaving the page): its socket error (ECONNRESET) is
    // not the control plane's, and nobody waits for the answer.
    const hungUp = () => new PlatformError(400, 'The request body did not arrive whole: the connection was closed while it was sent.')
    const onError = () => stop(hungUp())
    const onAborted = () => stop(hungUp())
    const timer = setTimeout(
      () => stop(new PlatformError(408, `The request body did not arrive within ${Math.round(timeoutMs / 1000)} s; send it at once, or a smaller one.`)),
      timeoutMs
    )
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', onError)
    req.once('aborted', onAborted)
  })
}

/** The JSON body (undefined when empty), within `limits`. */
export async function readJsonBody(req: IncomingMessage, limits: BodyLimits): Promise<unknown> {
  const raw = await readBody(req, limits)
  if (raw.length === 0) return undefined
  let body: unknown
  try {
    body = JSON.parse(raw.toString('utf8'))
  } catch {
    throw new PlatformError(400, 'The request body is not valid JSON.')
  }
  assertSafeJson(body)
  return body
}

/** Routes that take a browser form: a URL-encoded body or none. */
export function assertFormBody(req: IncomingMessage) {
  const length = req.headers['content-length']
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
  if (!hasBody) return
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') throw new PlatformError(415, 'Send the request body as a form (Content-Type: application/x-www-form-urlencoded).')
}

/** A URL-encoded form as an object of its fields (the last value of a repeated field; undefined when empty). */
export async function readFormBody(req: IncomingMessage, limits: BodyLimits): Promise<Record<string, string> | undefined> {
  const raw = await readBody(req, limits)
  if (raw.length === 0) return undefined
  const fields: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(raw.toString('utf8'))) fields[key] = value
  assertSafeJson(fields)
  return fields
}

/** The client's address: the socket's, or X-Forwarded-For counted `trustedHops` back from the right. */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const socket = req.socket?.remoteAddress ?? 'unknown'
  if (trustedHops <= 0) return socket
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return forwarded[forwarded.length - trustedHops] ?? forwarded[0] ?? socket
}
