/**
 * Where the auth service may send a browser after a link (redirect_to): the dashboard's own origin,
 * SITE_URL, or an origin of AUTH_CORS_ORIGINS. Anything else falls back to the dashboard, so that
 * a crafted link cannot hand a session to another site.
 */
import type { IncomingMessage } from 'node:http'
import type { Platform } from '../kernel/platform'

/** The origin the dashboard (and its /auth/v1) is reached at: SITE_URL, or the request's own. */
export function ownOrigin(platform: Platform, req: IncomingMessage): string {
  if (platform.config.siteUrl) return platform.config.siteUrl
  const forwarded = platform.config.trustProxyHops > 0 ? req.headers['x-forwarded-proto'] : undefined
  const proto = typeof forwarded === 'string' && forwarded.split(',')[0].trim() === 'https' ? 'https' : 'http'
  return `${proto}://${req.headers.host ?? 'localhost'}`
}

export function safeRedirect(platform: Platform, req: IncomingMessage, candidate: string | undefined | null): string {
  const own = ownOrigin(platform, req)
  const fallback = `${own}/`
  if (!candidate) return fallback
  let url: URL
  try {
    url = new URL(candidate, own)
  } catch {
    return fallback
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fallback
  const allowed = new Set([own, new URL(platform.config.auth.issuer).origin, ...platform.config.auth.corsOrigins])
  return allowed.has(url.origin) ? url.toString() : fallback
}

/** The redirect with parameters in its fragment (implicit flow) or query (PKCE, errors of PKCE flows). */
export function withParams(target: string, params: Record<string, string>, where: 'fragment' | 'query'): string {
  const url = new URL(target)
  const encoded = new URLSearchParams(params).toString()
  if (where === 'query') {
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    return url.toString()
  }
  url.hash = encoded
  return url.toString()
}

/**
 * Where links in mails point: SITE_URL, or the origin fixed at start (http://localhost:PORT, the
 * issuer's), never the request's Host: a caller could otherwise have a recovery link point anywhere.
 */
/**
 * The platform's own origin for what leaves it (mailed links): SITE_URL, else this machine's
 * address and port, never a request's Host (which the sender chooses, when ALLOWED_HOSTS lets any through).
 */
export const fixedOrigin = (platform: Platform) => platform.config.siteUrl ?? new URL(platform.config.auth.issuer).origin

export const linkBase = (platform: Platform) => `${fixedOrigin(platform)}/auth/v1`
