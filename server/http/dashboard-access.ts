/**
 * Who may reach a self-hosted dashboard, which has no sign-in and runs SQL as the database's owner.
 * With DASHBOARD_USERNAME and DASHBOARD_PASSWORD set, every request must carry them (HTTP Basic,
 * compared in constant time; wrong guesses are limited per client address). Without them, only
 * requests from this machine are answered, judged by the connection's own address: a client can
 * send any Host it likes (the Host check guards against DNS rebinding, it is no access control).
 * A reverse proxy on this machine connects from loopback for every client, so without credentials a
 * request that carries a proxy's marks is refused too: an X-Forwarded-For naming another machine,
 * or a header only proxies add (PROXY_MARKS), or HTTP/1.0, which is what nginx's proxy_pass speaks
 * unless told otherwise. A proxy that adds none of them still cannot be told from a local browser:
 * docs/self-hosting.md says plainly that any reverse proxy in front needs the credentials.
 * Platform mode has sign-in: nothing to check here.
 *
 * Used by the API handler (every /api and /auth/v1 request, with the socket's address: the real
 * gate) and by proxy.ts (pages, where Next gives no socket). There the X-Forwarded-For is Next's
 * copy of the socket's address only when the client sent none: a client that sends its own
 * `X-Forwarded-For: 127.0.0.1` gets a page's shell, never its data, which comes from the API.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isLoopback } from '@/lib/listen-address.mjs'
import type { Platform } from '../kernel/platform'
import { assertUnderLimit, hit } from '../security/rate-limit'
import { PlatformError } from '../kernel/errors'
import { clientIp } from './guards'

export type DashboardGate = { isPlatform: boolean; dashboardAuth: { username: string; password: string } | null }
export type Refusal = { status: 401 | 403; message: string; headers: Record<string, string> }
type Headers = Record<string, string | string[] | null | undefined>

export const BASIC_CHALLENGE = 'Basic realm="Dashboard", charset="UTF-8"'
export const CREDENTIALS_NEEDED = 'This dashboard needs its user name and password (DASHBOARD_USERNAME and DASHBOARD_PASSWORD).'
export const LOCAL_ONLY =
  'This self-hosted dashboard has no sign-in, so it answers only requests from this machine. To reach it from elsewhere, ' +
  'its administrator sets DASHBOARD_USERNAME and DASHBOARD_PASSWORD (see docs/self-hosting.md).'
export const BEHIND_PROXY = `${LOCAL_ONLY} This request came through a reverse proxy, which needs them set as well.`

/**
 * Headers that only a proxy adds. Next's own server fills x-forwarded-host, -port, -proto and -for in
 * on every request it passes on (next/dist/server/base-server.js), so those mark nothing; it adds none
 * of these. X-Forwarded-For is judged by the addresses it names.
 */
export const PROXY_MARKS = ['forwarded', 'via', 'x-real-ip', 'x-forwarded-server'] as const

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()
/** Equal secrets, in a time that depends neither on where they differ nor on their lengths. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected))

function basicCredentials(authorization: string | null | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(authorization ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon < 0 ? null : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** `a, b` → `['a', 'b']`; none → []. */
export function forwardedFor(header: string | string[] | null | undefined): string[] {
  return [header ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean)
}

/**
 * Why a request may not reach a self-hosted dashboard, or null when it may. `addresses` are where
 * it comes from as far as the server knows (every one must be this machine), or null when the
 * caller cannot know (then only the credentials are checked).
 */
export function dashboardRefusal(
  gate: DashboardGate,
  request: {
    authorization: string | null | undefined
    addresses: (string | undefined)[] | null
    /** Lower-case names; only PROXY_MARKS are looked at. */
    headers?: Headers
    /** The request's HTTP version, where the caller knows it ("1.0", "1.1", "2.0"). */
    httpVersion?: string
  }
): Refusal | null {
  if (gate.isPlatform) return null
  if (gate.dashboardAuth) {
    const given = basicCredentials(request.authorization)
    // Both halves compared every time: neither the answer nor its timing says which one was wrong.
    const username = sameSecret(given?.username ?? '', gate.dashboardAuth.username)
    const password = sameSecret(given?.password ?? '', gate.dashboardAuth.password)
    if (given && username && password) return null
    return { status: 401, message: CREDENTIALS_NEEDED, headers: { 'WWW-Authenticate': BASIC_CHALLENGE } }
  }
  const { addresses, headers = {} } = request
  if (request.httpVersion === '1.0' || PROXY_MARKS.some((name) => headers[name] != null)) return { status: 403, message: BEHIND_PROXY, headers: {} }
  if (addresses === null || (addresses.length > 0 && addresses.every((address) => isLoopback(address)))) return null
  return { status: 403, message: LOCAL_ONLY, headers: {} }
}

const FAILED_GUESSES = 'dashboard-password:ip'

/**
 * The API's gate: the socket's own address, any X-Forwarded-For a proxy in front added, and its
 * marks. Wrong credentials count against the client's address (RATE_LIMIT_DASHBOARD_PASSWORD);
 * past the limit even right ones wait, or a 401 against a 200 would still tell which guess was right.
 */
export async function assertDashboardAccess(req: IncomingMessage, platform: Platform) {
  const gate = platform.config
  const addresses = [req.socket?.remoteAddress, ...forwardedFor(req.headers['x-forwarded-for'])]
  const refusal = dashboardRefusal(gate, { authorization: req.headers.authorization, addresses, headers: req.headers, httpVersion: req.httpVersion })
  // Only a request that offers credentials is a guess: a browser's first request, which asks for the prompt, is not.
  if (!gate.isPlatform && gate.dashboardAuth && req.headers.authorization) {
    const ip = clientIp(req, gate.trustProxyHops)
    const rule = gate.rateLimits.dashboardPasswordPerIp
    await (refusal ? hit : assertUnderLimit)(platform, FAILED_GUESSES, ip, rule)
  }
  if (refusal) throw new PlatformError(refusal.status, refusal.message, {}, refusal.headers)
}
