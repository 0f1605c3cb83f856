/**
 * Sign-in providers (OAuth 2) as the configuration describes them: GitHub by its own variables,
 * any other OAuth 2 provider by a name listed in AUTH_EXTERNAL_PROVIDERS. Pure: it is handed a
 * reader of variables (server/config.ts is the one place that reads the environment) and throws,
 * naming the variable, on a set-up that cannot work, so that the start fails instead of a sign-in.
 */

export type OAuthProviderConfig = {
  /** The `provider` clients ask for, and the identities' provider. */
  name: string
  /** GitHub reads /user and /user/emails; a generic provider one userinfo endpoint. */
  kind: 'github' | 'generic'
  clientId: string
  secret: string
  authorizeUrl: string
  tokenUrl: string
  /** GitHub: {api}/user; a generic provider: its userinfo endpoint. */
  userUrl: string
  /** GitHub only: {api}/user/emails, where the primary verified address is found. */
  emailsUrl?: string
  /** Always asked for; the `scopes` a client sends are added. */
  scopes: string[]
  /** The `iss` kept in the identity's data. */
  issuer: string
}

export type ExternalAuthConfig = {
  providers: OAuthProviderConfig[]
  /** Longest wait for an answer of a provider (token exchange, user profile). */
  timeoutMs: number
}

/**
 * Providers GoTrue knows by name. One of them that is not configured answers "provider is not
 * enabled"; any other name "could not be found" (GoTrue's two wordings).
 */
export const GOTRUE_PROVIDER_NAMES = [
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google', 'kakao', 'keycloak',
  'linkedin', 'linkedin_oidc', 'notion', 'snapchat', 'spotify', 'slack', 'slack_oidc', 'twitch', 'twitter', 'x',
  'vercel_marketplace', 'workos', 'zoom',
]

/** Names that mean something else to the auth service (its own sign-in methods and settings keys). */
const RESERVED_NAMES = ['email', 'phone', 'anonymous_users', 'saml', 'sso', 'web3']

const PROVIDER_NAME = /^[a-z][a-z0-9_]{0,31}$/

export const GITHUB_DEFAULT_URL = 'https://github.com'
export const GITHUB_DEFAULT_API_URL = 'https://api.github.com'

type Env = (name: string) => string | undefined

function httpUrl(env: Env, name: string, fallback?: string): string {
  const raw = env(name) ?? fallback
  if (raw === undefined) throw new Error(`${name} must be set`)
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error()
    return url.toString().replace(/\/+$/, '')
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`)
  }
}

/** Scopes as a list: commas, spaces or both between them. */
export const splitScopes = (raw: string | undefined) => (raw ?? '').split(/[\s,]+/).filter(Boolean)

function github(env: Env): OAuthProviderConfig | null {
  const clientId = env('AUTH_EXTERNAL_GITHUB_CLIENT_ID')
  const secret = env('AUTH_EXTERNAL_GITHUB_SECRET')
  if (!clientId && !secret) return null
  if (!clientId) throw new Error('AUTH_EXTERNAL_GITHUB_CLIENT_ID must be set when AUTH_EXTERNAL_GITHUB_SECRET is')
  if (!secret) throw new Error('AUTH_EXTERNAL_GITHUB_SECRET must be set when AUTH_EXTERNAL_GITHUB_CLIENT_ID is')
  const base = httpUrl(env, 'AUTH_EXTERNAL_GITHUB_URL', GITHUB_DEFAULT_URL)
  const api = httpUrl(env, 'AUTH_EXTERNAL_GITHUB_API_URL', GITHUB_DEFAULT_API_URL)
  return {
    name: 'github',
    kind: 'github',
    clientId,
    secret,
    authorizeUrl: `${base}/login/oauth/authorize`,
    tokenUrl: `${base}/login/oauth/access_token`,
    userUrl: `${api}/user`,
    emailsUrl: `${api}/user/emails`,
    // Without it, /user/emails answers nothing and there is no address to sign in with.
    scopes: ['user:email'],
    issuer: api,
  }
}

function generic(env: Env, name: string): OAuthProviderConfig {
  const prefix = `AUTH_EXTERNAL_${name.toUpperCase()}_`
  const required = (suffix: string) => {
    const value = env(prefix + suffix)
    if (!value) throw new Error(`AUTH_EXTERNAL_PROVIDERS names "${name}": ${prefix}${suffix} must be set`)
    return value
  }
  const url = (suffix: string) => {
    required(suffix)
    return httpUrl(env, prefix + suffix)
  }
  const clientId = required('CLIENT_ID')
  const secret = required('SECRET')
  const authorizeUrl = url('AUTHORIZE_URL')
  const tokenUrl = url('TOKEN_URL')
  const userUrl = url('USERINFO_URL')
  return {
    name,
    kind: 'generic',
    clientId,
    secret,
    authorizeUrl,
    tokenUrl,
    userUrl,
    scopes: splitScopes(env(`${prefix}SCOPES`)),
    issuer: new URL(userUrl).origin,
  }
}

/** Every configured provider, GitHub first. */
export function readOAuthProviders(env: Env): OAuthProviderConfig[] {
  const providers: OAuthProviderConfig[] = []
  const gh = github(env)
  if (gh) providers.push(gh)
  const names = (env('AUTH_EXTERNAL_PROVIDERS') ?? '').split(',').map((n) => n.trim().toLowerCase()).filter(Boolean)
  for (const name of names) {
    if (!PROVIDER_NAME.test(name))
      throw new Error(`AUTH_EXTERNAL_PROVIDERS: "${name}" is not a provider name (a letter, then up to 31 letters, digits or _)`)
    if (name === 'github') throw new Error('AUTH_EXTERNAL_PROVIDERS: GitHub is configured by AUTH_EXTERNAL_GITHUB_CLIENT_ID and AUTH_EXTERNAL_GITHUB_SECRET')
    if (RESERVED_NAMES.includes(name)) throw new Error(`AUTH_EXTERNAL_PROVIDERS: "${name}" is reserved by the auth service`)
    if (providers.some((p) => p.name === name)) throw new Error(`AUTH_EXTERNAL_PROVIDERS names "${name}" twice`)
    providers.push(generic(env, name))
  }
  return providers
}
