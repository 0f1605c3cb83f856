/**
 * Who may reach a self-hosted dashboard, which has no sign-in and runs SQL as the database's owner.
 * With DASHBOARD_USERNAME and DASHBOARD_PASSWORD set, every request must carry them (HTTP Basic,
 * compared in constant time). Without them, only requests from this machine are answered, judged
 * by the connection's own address: a client can send any Host it likes (the Host check guards
 * against DNS rebinding, it is no access control), and a proxy's X-Forwarded-For may only narrow
 * the answer, never widen it. Platform mode has sign-in: nothing to check here.
 *
 * Used by the API handler (every /api and /auth/v1 request, with the socket's address) and by
 * proxy.ts (pages, where Next gives no socket: its X-Forwarded-For, filled in from the socket
 * when a client sent none, is the best hint there is; the API stays the real gate).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { isLoopback } from '@/lib/listen-address.mjs'
import { PlatformError } from './errors'

export type DashboardGate = { isPlatform: boolean; dashboardAuth: { username: string; password: string } | null }
export type Refusal = { status: 401 | 403; message: string; headers: Record<string, string> }

export const BASIC_CHALLENGE = 'Basic realm="Dashboard", charset="UTF-8"'
export const CREDENTIALS_NEEDED = 'This dashboard needs its user name and password (DASHBOARD_USERNAME and DASHBOARD_PASSWORD).'
export const LOCAL_ONLY =
  'This self-hosted dashboard has no sign-in, so it answers only requests from this machine. To reach it from elsewhere, ' +
  'its administrator sets DASHBOARD_USERNAME and DASHBOARD_PASSWORD (see docs/self-hosting.md).'

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
  request: { authorization: string | null | undefined; addresses: (string | undefined)[] | null }
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
  const { addresses } = request
  if (addresses === null || (addresses.length > 0 && addresses.every((address) => isLoopback(address)))) return null
  return { status: 403, message: LOCAL_ONLY, headers: {} }
}

/** The API's gate: the socket's own address, and any X-Forwarded-For a proxy in front added. */
export function assertDashboardAccess(req: IncomingMessage, gate: DashboardGate) {
  const addresses = [req.socket?.remoteAddress, ...forwardedFor(req.headers['x-forwarded-for'])]
  const refusal = dashboardRefusal(gate, { authorization: req.headers.authorization, addresses })
  if (refusal) throw new PlatformError(refusal.status, refusal.message, {}, refusal.headers)
}
