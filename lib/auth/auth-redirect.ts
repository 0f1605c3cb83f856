/**
 * What the auth service put in the URL it sent the browser back to after an OAuth provider: a
 * session in the fragment (implicit flow), a code in the query (PKCE), or an error in either.
 * The browser's auth client does not read URLs itself (detectSessionInUrl is off in
 * lib/auth/gotrue-client.ts), so only the pages that expect such a redirect act on it.
 */
export type AuthRedirect =
  | { kind: 'none' }
  | { kind: 'session'; accessToken: string; refreshToken: string }
  | { kind: 'code'; code: string }
  | { kind: 'error'; message: string; code: string | null }

/** Everything the auth service may add to the URL. */
const AUTH_PARAMS = [
  'access_token',
  'refresh_token',
  'expires_in',
  'expires_at',
  'token_type',
  'provider_token',
  'provider_refresh_token',
  'type',
  'sb',
  'code',
  'error',
  'error_code',
  'error_description',
]

export function readAuthRedirect(href: string): AuthRedirect {
  const url = new URL(href)
  const fragment = new URLSearchParams(url.hash.slice(1))
  const get = (key: string) => fragment.get(key) || url.searchParams.get(key) || null
  if (get('error') || get('error_code') || get('error_description'))
    return { kind: 'error', message: get('error_description') ?? get('error') ?? 'Signing in failed.', code: get('error_code') }
  const accessToken = fragment.get('access_token')
  const refreshToken = fragment.get('refresh_token')
  if (accessToken && refreshToken) return { kind: 'session', accessToken, refreshToken }
  const code = url.searchParams.get('code')
  if (code) return { kind: 'code', code }
  return { kind: 'none' }
}

/** The path and query without what the auth service (and `extra`) added: tokens must not stay in the history. */
export function withoutAuthParams(href: string, extra: string[] = []): string {
  const url = new URL(href)
  for (const key of [...AUTH_PARAMS, ...extra]) url.searchParams.delete(key)
  return `${url.pathname}${url.search}`
}
