/**
 * The OAuth 2 authorization-code flow with a configured provider: which provider a name means
 * (with GoTrue's errors for the others), the URL that sends the browser there, and the exchange
 * of the code it sends back for an access token.
 */
import { z } from 'zod'
import type { Platform } from '../kernel/platform'
import { authError } from './gotrue-errors'
import { GOTRUE_PROVIDER_NAMES, splitScopes, type OAuthProviderConfig } from './oauth-config'
import { ProviderCallError, providerJson } from './oauth-http'

/** The configured provider called `name` (case does not matter), or GoTrue's 400. */
export function findProvider(platform: Platform, name: string | undefined): OAuthProviderConfig {
  const wanted = (name ?? '').toLowerCase()
  const provider = platform.config.auth.external.providers.find((p) => p.name === wanted)
  if (provider) return provider
  const reason = GOTRUE_PROVIDER_NAMES.includes(wanted) ? 'provider is not enabled' : `Provider ${wanted} could not be found`
  throw authError(400, 'validation_failed', `Unsupported provider: ${reason}`)
}

/** OAuth parameters this service sets itself: a client cannot replace them through the query. */
const RESERVED_PARAMS = ['client_id', 'client_secret', 'redirect_uri', 'response_type', 'state', 'code_challenge', 'code_challenge_method', 'code_verifier', 'scope']

export function providerAuthorizeUrl(
  provider: OAuthProviderConfig,
  input: { state: string; redirectUri: string; scopes?: string; extra: Record<string, string> }
): string {
  const url = new URL(provider.authorizeUrl)
  // Other parameters (prompt, login, allow_signup …) are the client's to pass on, as GoTrue does.
  for (const [key, value] of Object.entries(input.extra)) if (!RESERVED_PARAMS.includes(key.toLowerCase())) url.searchParams.set(key, value)
  const scopes = [...new Set([...provider.scopes, ...splitScopes(input.scopes)])]
  url.searchParams.set('client_id', provider.clientId)
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('response_type', 'code')
  if (scopes.length) url.searchParams.set('scope', scopes.join(' '))
  url.searchParams.set('state', input.state)
  return url.toString()
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().max(8192).optional().catch(undefined),
})
const tokenError = z.object({ error: z.string().max(200), error_description: z.string().max(500).optional().catch(undefined) })

export type ProviderTokens = { accessToken: string; refreshToken?: string }

/** Exchanges the code the provider sent back (client_secret_post, as GitHub, GitLab and Google accept). */
export async function exchangeCode(provider: OAuthProviderConfig, code: string, redirectUri: string, timeoutMs: number): Promise<ProviderTokens> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, client_secret: provider.secret })
  const answer = await providerJson(
    provider.tokenUrl,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body.toString() },
    timeoutMs
  )
  // GitHub answers a refused code with 200 and an `error` field.
  const refused = tokenError.safeParse(answer)
  if (refused.success) throw new ProviderCallError(`token refused: ${refused.data.error} ${refused.data.error_description ?? ''}`.trim())
  const tokens = tokenAnswer.safeParse(answer)
  if (!tokens.success) throw new ProviderCallError('token answer has no access_token')
  return { accessToken: tokens.data.access_token, refreshToken: tokens.data.refresh_token }
}
