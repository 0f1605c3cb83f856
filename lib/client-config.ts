/**
 * The dashboard's configuration: the one browser-side module that reads environment variables
 * (NEXT_PUBLIC_*, inlined at build time). The server's is server/config.ts.
 */

/** SPEC §7: the API base, and `{platform-api}` = the base with `/platform` appended when missing. */
export function apiBases(configured: string | undefined): { api: string; platform: string } {
  const trimmed = (configured || '/api').replace(/\/+$/, '')
  if (trimmed.endsWith('/platform')) return { api: trimmed.slice(0, -'/platform'.length) || '/', platform: trimmed }
  return { api: trimmed, platform: `${trimmed}/platform` }
}

const bases = apiBases(process.env.NEXT_PUBLIC_API_URL)

/** Where the browser finds the platform API (default: same origin, /api). */
export const API_URL = bases.api
export const PLATFORM_API_URL = bases.platform

/** The auth service, when it is not the built-in one at `<origin>/auth/v1`. */
export const CONFIGURED_GOTRUE_URL = process.env.NEXT_PUBLIC_GOTRUE_URL?.replace(/\/+$/, '') || undefined

export const IS_PRODUCTION = process.env.NODE_ENV === 'production'
