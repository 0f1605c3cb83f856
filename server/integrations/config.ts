/**
 * The GitHub app organizations connect their GitHub accounts through (docs/integrations.md).
 * Pure: handed a reader of variables (server/config.ts is the one place that reads the
 * environment); a set-up that cannot work stops the start, naming the variable.
 */
import { GITHUB_DEFAULT_API_URL, GITHUB_DEFAULT_URL } from '../auth/oauth-config'

export type GithubAppConfig = {
  /** The app's URL name (github.com/apps/<slug>): offers installing it; optional. */
  slug?: string
  clientId: string
  clientSecret: string
  /** Base of /login/oauth/authorize, /login/oauth/access_token and /apps/<slug> (GitHub Enterprise, or a stand-in in tests). */
  url: string
  /** Base of the REST API (/user). */
  apiUrl: string
  /** Longest wait for an answer of GitHub. */
  timeoutMs: number
}

const APP_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i
const GITHUB_TIMEOUT_MS = 10_000

function httpUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    return url.toString().replace(/\/+$/, '')
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`)
  }
}

/** Null when the app is not configured: the integrations page then says how to configure it. */
export function readGithubAppConfig(env: (name: string) => string | undefined): GithubAppConfig | null {
  const slug = env('GITHUB_APP_SLUG')?.trim()
  const clientId = env('GITHUB_APP_CLIENT_ID')?.trim()
  const clientSecret = env('GITHUB_APP_CLIENT_SECRET')?.trim()
  if (!slug && !clientId && !clientSecret) return null
  if (!clientId) throw new Error('GITHUB_APP_CLIENT_ID must be set when GITHUB_APP_SLUG or GITHUB_APP_CLIENT_SECRET is')
  if (!clientSecret) throw new Error('GITHUB_APP_CLIENT_SECRET must be set when GITHUB_APP_CLIENT_ID is')
  if (slug && !APP_SLUG.test(slug)) throw new Error(`GITHUB_APP_SLUG must be the app's URL name (letters, digits and -), got "${slug}"`)
  return {
    slug: slug || undefined,
    clientId,
    clientSecret,
    url: httpUrl('GITHUB_APP_URL', env('GITHUB_APP_URL') ?? GITHUB_DEFAULT_URL),
    apiUrl: httpUrl('GITHUB_APP_API_URL', env('GITHUB_APP_API_URL') ?? GITHUB_DEFAULT_API_URL),
    timeoutMs: GITHUB_TIMEOUT_MS,
  }
}
