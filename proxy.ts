/**
 * Runs before every page and API request: in self-hosted mode, refuses a request without the
 * dashboard's credentials, or from another machine or through a reverse proxy when it has none
 * (server/http/dashboard-access.ts; the API checks again, by the socket's own address); refuses a Host this server does not answer
 * to (DNS rebinding: a hostile page under a name that resolves here must not load pages or reach the API),
 * answers a malformed API path as JSON instead of Next's HTML error page, and puts the security
 * headers on every answer. Those are made here, at run time, because the policy names origins the
 * server's configuration chooses (a captcha provider, a docs backend): one build serves any of them.
 */
import { NextResponse, type NextRequest } from 'next/server'
import { readConfig, type ServerConfig } from './server/config'
import { isAllowedHost } from './server/http/guards'
import { dashboardRefusal, forwardedFor } from './server/http/dashboard-access'
import { answerSecurityHeaders } from './server/http/security-headers'

let settings: ServerConfig | undefined
let headers: { key: string; value: string }[] | undefined

function headersOnce() {
  return (headers ??= answerSecurityHeaders(readConfig()))
}

function json(status: number, message: string, headers: Record<string, string> = {}) {
  const requestId = crypto.randomUUID()
  return NextResponse.json({ code: status, message, requestId }, { status, headers: { 'X-Request-Id': requestId, 'Cache-Control': 'no-store', ...headers } })
}

export function proxy(request: NextRequest) {
  const config = (settings ??= readConfig())
  // Next gives the proxy no socket. It fills X-Forwarded-For in from the socket only when the client
  // sent none, so a client's own `X-Forwarded-For: 127.0.0.1` passes here: this judges page shells
  // only, and the API judges every request by its socket (server/http/dashboard-access.ts).
  const forwarded = forwardedFor(request.headers.get('x-forwarded-for'))
  const refusal = dashboardRefusal(config, {
    authorization: request.headers.get('authorization'),
    addresses: forwarded.length ? forwarded : null,
    headers: Object.fromEntries(request.headers),
  })
  if (refusal) return json(refusal.status, refusal.message, refusal.headers)
  const host = request.headers.get('host') ?? undefined
  if (!isAllowedHost(host, config.allowedHosts))
    return json(403, `This server does not answer to the host name "${String(host ?? '').slice(0, 100)}". Its administrator can add it to ALLOWED_HOSTS or set SITE_URL.`)
  const path = request.nextUrl.pathname
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/auth/v1/')) {
    try {
      decodeURIComponent(path)
    } catch {
      return json(400, 'The request path is not valid (a broken %-escape).')
    }
  }
  const response = NextResponse.next()
  for (const { key, value } of headersOnce()) response.headers.set(key, value)
  return response
}

export const config = {
  // Everything but the build's static files, which hold nothing a rebinding page could use.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
}
