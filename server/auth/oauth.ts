/**
 * Sign-in and identity linking through OAuth 2 providers, as GoTrue answers them:
 * - GET /authorize sends the browser to the provider (302) with a `state` naming a new flow;
 * - GET /user/identities/authorize does the same for a signed-in user adding a provider
 *   (`skip_http_redirect=true`: the URL as JSON, what auth-js's linkIdentity reads);
 * - GET or POST /callback is where the provider sends the browser back: the code is exchanged, the
 *   user found, linked or created (oauth-accounts.ts), and the browser sent on to redirect_to with
 *   the session in the fragment, or `?code=` when the flow used PKCE. Failures go there too, as
 *   `error`, `error_code` and `error_description`; a state that does not name a live flow sends the
 *   browser to the site (303), since there is no redirect_to to trust.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { Routes, authorizeQuery, oauthCallbackParams } from '@/lib/api-types'
import type { Handler, HandlerContext } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { isPlatformError } from '../kernel/errors'
import { hit } from '../security/rate-limit'
import { authError } from './gotrue-errors'
import { issueAuthCode } from './pkce'
import { issueSession } from './sessions'
import { ownOrigin, safeRedirect, withParams } from './redirects'
import { exchangeCode, findProvider, providerAuthorizeUrl, type ProviderTokens } from './oauth-providers'
import { fetchProviderUser } from './oauth-profiles'
import { claimOAuthFlow, createOAuthFlow, endOAuthFlow, type OAuthFlow } from './oauth-state'
import { linkProvider, signInWithProvider } from './oauth-accounts'

type StartQuery = z.output<typeof authorizeQuery>
type CallbackParams = z.output<typeof oauthCallbackParams>

/** Where providers send the browser back (register it at the provider): the browser's own address. */
const callbackUrl = (platform: Platform, req: IncomingMessage) => `${ownOrigin(platform, req)}/auth/v1/callback`

const PKCE_PARAMS_MESSAGE = 'PKCE flow requires code_challenge_method and code_challenge'

/** GoTrue's checks of a code challenge (RFC 7636 §4.2). */
function checkCodeChallenge(challenge: string | undefined, method: string | undefined) {
  if (!challenge && !method) return
  if (!challenge || !method) throw authError(400, 'validation_failed', PKCE_PARAMS_MESSAGE)
  if (challenge.length < 43 || challenge.length > 128) throw authError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters')
  if (!/^[a-zA-Z0-9._~-]+$/.test(challenge))
    throw authError(400, 'validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes')
  if (!['s256', 'plain'].includes(method.toLowerCase())) throw authError(400, 'validation_failed', 'Invalid code_challenge_method')
}

/** Parameters of ours: everything else in the query goes on to the provider. */
const OWN_PARAMS = new Set(['provider', 'scopes', 'redirect_to', 'code_challenge', 'code_challenge_method', 'skip_http_redirect'])

async function startFlow(ctx: HandlerContext<Routes['authAuthorize']> | HandlerContext<Routes['authLinkIdentity']>, linkingTargetId: string | null): Promise<string> {
  const { platform, req, query, ip } = ctx
  const provider = findProvider(platform, query.provider)
  checkCodeChallenge(query.code_challenge, query.code_challenge_method)
  // Each start writes a flow state: counted like sign-ins, per client, once the provider and challenge are known good (hence not declared on the route).
  await hit(platform, 'oauth:ip', ip, platform.config.rateLimits.signInPerIp)
  const state = await createOAuthFlow(platform.db, {
    provider: provider.name,
    redirectTo: safeRedirect(platform, req, query.redirect_to),
    linkingTargetId,
    codeChallenge: query.code_challenge,
    codeChallengeMethod: query.code_challenge_method,
  })
  const extra = Object.fromEntries(Object.entries(query as StartQuery).filter(([key, value]) => !OWN_PARAMS.has(key) && typeof value === 'string')) as Record<string, string>
  return providerAuthorizeUrl(provider, { state, redirectUri: callbackUrl(platform, req), scopes: query.scopes, extra })
}

function redirect(res: ServerResponse, requestId: string, status: 302 | 303, location: string, body?: Record<string, unknown>) {
  res.statusCode = status
  res.setHeader('Location', location)
  res.setHeader('Cache-Control', 'no-store')
  res.setHeader('X-Request-Id', requestId)
  if (!body) return void res.end()
  // The error also travels in the body, as GoTrue writes it, for a client that does not follow.
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.end(JSON.stringify(body))
}

export const authorize: Handler<Routes['authAuthorize']> = async (ctx) => {
  redirect(ctx.res, ctx.requestId, 302, await startFlow(ctx, null))
  return undefined
}

export const linkIdentity: Handler<Routes['authLinkIdentity']> = async (ctx) => {
  const url = await startFlow(ctx, ctx.user.id)
  if (ctx.query.skip_http_redirect === 'true') return { url }
  redirect(ctx.res, ctx.requestId, 302, url)
  return undefined
}

/** An error the provider reported in its redirect (the user said no, the app is suspended …). */
class ProviderReportedError extends Error {
  constructor(
    readonly error: string,
    readonly description: string
  ) {
    super(description)
  }
}

type ErrorParams = { error: string; error_description: string; error_code?: string }

const OAUTH_ERRORS: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' }
const DENIALS = ['signup_disabled', 'user_banned', 'provider_email_needs_verification']

/** GoTrue's error parameters for a failed callback. */
function errorParams(error: unknown, requestId: string): ErrorParams {
  if (error instanceof ProviderReportedError) return { error: error.error, error_description: error.description }
  if (isPlatformError(error)) {
    const code = typeof error.extra.error_code === 'string' ? error.extra.error_code : 'unexpected_failure'
    return { error: DENIALS.includes(code) ? 'access_denied' : (OAUTH_ERRORS[error.status] ?? 'server_error'), error_description: error.message, error_code: code }
  }
  console.error(`[${requestId}] OAuth callback failed:`, error)
  return { error: 'server_error', error_description: 'Something went wrong on our side. Please try again.', error_code: 'unexpected_failure' }
}

/** The error in the query and (for clients that read only it) in the fragment. */
function errorLocation(target: string, params: ErrorParams): string {
  const url = new URL(withParams(target, { ...params }, 'query'))
  url.hash = new URLSearchParams({ ...params, sb: '' }).toString()
  return url.toString()
}

/** Code, tokens, profile: the calls to the provider, each failure worded as GoTrue words it. */
async function providerProfile(platform: Platform, flow: OAuthFlow, params: CallbackParams, redirectUri: string, requestId: string) {
  if (params.error) throw new ProviderReportedError(params.error, params.error_description ?? '')
  if (!params.code) throw authError(400, 'bad_oauth_callback', 'OAuth callback with missing authorization code missing')
  const code = params.code
  const provider = (() => {
    try {
      return findProvider(platform, flow.provider)
    } catch (error) {
      // Configured when the flow started, no longer now.
      throw isPlatformError(error) ? authError(400, 'oauth_provider_not_supported', error.message) : error
    }
  })()
  const { timeoutMs } = platform.config.auth.external
  const tokens: ProviderTokens = await exchangeCode(provider, code, redirectUri, timeoutMs).catch((error) => {
    console.warn(`[${requestId}] ${provider.name}: code exchange failed: ${(error as Error).message}`)
    throw authError(500, 'unexpected_failure', `Unable to exchange external code: ${code.slice(0, 4)}`)
  })
  const profile = await fetchProviderUser(provider, tokens.accessToken, timeoutMs).catch((error) => {
    console.warn(`[${requestId}] ${provider.name}: reading the user failed: ${(error as Error).message}`)
    throw authError(500, 'unexpected_failure', 'Error getting user profile from external provider')
  })
  return { tokens, profile }
}

async function callback(ctx: HandlerContext<Routes['authCallback']> | HandlerContext<Routes['authCallbackForm']>, params: CallbackParams) {
  const { platform, req, res, requestId } = ctx
  let flow: OAuthFlow
  try {
    flow = await claimOAuthFlow(platform.db, params.state)
  } catch (error) {
    if (!isPlatformError(error)) throw error
    const failure = errorParams(error, requestId)
    redirect(res, requestId, 303, withParams(safeRedirect(platform, req, null), { ...failure }, 'query'), { ...error.extra, code: error.status, message: error.message, requestId })
    return
  }
  let location: string
  try {
    const { tokens, profile } = await providerProfile(platform, flow, params, callbackUrl(platform, req), requestId)
    location = await platform.db.transaction(async (tx) => {
      const user = flow.linkingTargetId ? await linkProvider(tx, flow.linkingTargetId, flow.provider, profile) : await signInWithProvider(platform, tx, flow.provider, profile)
      if (flow.pkce) return withParams(flow.redirectTo, { code: await issueAuthCode(tx, flow.id, user.id) }, 'query')
      const session = await issueSession(platform, tx, user, { method: 'oauth' })
      await endOAuthFlow(tx, flow.id)
      return withParams(
        flow.redirectTo,
        {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          provider_token: tokens.accessToken,
          ...(tokens.refreshToken ? { provider_refresh_token: tokens.refreshToken } : {}),
          refresh_token: session.refresh_token,
          sb: '',
          token_type: 'bearer',
        },
        'fragment'
      )
    })
  } catch (error) {
    location = errorLocation(flow.redirectTo, errorParams(error, requestId))
  }
  redirect(res, requestId, 302, location)
}

export const callbackGet: Handler<Routes['authCallback']> = async (ctx) => {
  await callback(ctx, ctx.query)
  return undefined
}

/** A form post: its fields, over the query's (GoTrue reads both). */
export const callbackPost: Handler<Routes['authCallbackForm']> = async (ctx) => {
  await callback(ctx, { ...ctx.query, ...ctx.body })
  return undefined
}
