/**
 * Runs before every page and API request: refuses a Host this server does not answer to (DNS
 * rebinding: a hostile page under a name that resolves here must not load pages or reach the API)
 * and answers a malformed API path as JSON instead of Next's HTML error page.
 */
import { NextResponse, type NextRequest } from 'next/server'
import { readConfig } from './server/config'
import { isAllowedHost } from './server/http/guards'

let allowedHosts: string[] | undefined

function json(status: number, message: string) {
  const requestId = crypto.randomUUID()
  return NextResponse.json({ code: status, message, requestId }, { status, headers: { 'X-Request-Id': requestId, 'Cache-Control': 'no-store' } })
}

export function proxy(request: NextRequest) {
  allowedHosts ??= readConfig().allowedHosts
  const host = request.headers.get('host') ?? undefined
  if (!isAllowedHost(host, allowedHosts))
    return json(403, `This server does not answer to the host name "${String(host ?? '').slice(0, 100)}". Its administrator can add it to ALLOWED_HOSTS or set SITE_URL.`)
  const path = request.nextUrl.pathname
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/auth/v1/')) {
    try {
      decodeURIComponent(path)
    } catch {
      return json(400, 'The request path is not valid (a broken %-escape).')
    }
  }
  return NextResponse.next()
}

export const config = {
  // Everything but the build's static files, which hold nothing a rebinding page could use.
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
}
