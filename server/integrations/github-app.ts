/**
 * Talking to GitHub for the app: the code the pop-up brought back is exchanged for the account's
 * tokens (with the client secret, server side only), and the account is read with them. GitHub is
 * somebody else's server: every call has a deadline and a size limit (providerJson), and anything
 * unexpected becomes a GithubAppError worded for the user; the details go to the server log.
 */
import { z } from 'zod'
import { ProviderCallError, providerJson } from '../auth/oauth-http'
import type { GithubAppConfig } from './config'

export class GithubAppError extends Error {
  name = 'GithubAppError'
  constructor(
    message: string,
    /** The code was refused (used, expired, for another page): the user may simply try again. */
    readonly refused = false
  ) {
    super(message)
  }
}

export type GithubGrant = {
  accessToken: string
  refreshToken: string | null
  expiresAt: Date | null
  account: { id: string; login: string; avatarUrl: string | null }
}

/** GitHub answers a bad code with 200 and an `error` field. */
const tokenAnswer = z.union([
  z.object({ error: z.string().max(200), error_description: z.string().max(500).optional() }),
  z.object({
    access_token: z.string().min(1).max(2048),
    refresh_token: z.string().min(1).max(2048).optional(),
    expires_in: z.number().int().positive().optional(),
  }),
])

const githubUser = z.object({
  id: z.union([z.number().int().nonnegative().transform(String), z.string().regex(/^\d{1,20}$/)]),
  login: z.string().min(1).max(255),
  avatar_url: z
    .string()
    .max(2048)
    .refine((v) => /^https?:\/\//i.test(v))
    .nullish()
    .catch(null),
})

/** The pages a person goes to: GitHub's authorize page for the app, and its install page. */
export function githubAppUrls(app: GithubAppConfig): { authorize: string; install: string | null } {
  const authorize = new URL(`${app.url}/login/oauth/authorize`)
  authorize.searchParams.set('client_id', app.clientId)
  return { authorize: authorize.toString(), install: app.slug ? `${app.url}/apps/${encodeURIComponent(app.slug)}/installations/new` : null }
}

async function call(what: string, url: string, init: Parameters<typeof providerJson>[1], timeoutMs: number): Promise<unknown> {
  try {
    return await providerJson(url, init, timeoutMs)
  } catch (error) {
    if (!(error instanceof ProviderCallError)) throw error
    console.error(`GitHub app: ${what} failed: ${error.message}`)
    throw new GithubAppError('GitHub did not answer as expected. Please try again in a moment.')
  }
}

export async function exchangeCode(app: GithubAppConfig, code: string, redirectUri: string): Promise<GithubGrant> {
  const form = new URLSearchParams({ client_id: app.clientId, client_secret: app.clientSecret, code, redirect_uri: redirectUri })
  const raw = await call(
    'the code exchange',
    `${app.url}/login/oauth/access_token`,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() },
    app.timeoutMs
  )
  const token = tokenAnswer.safeParse(raw)
  if (!token.success) {
    console.error('GitHub app: the code exchange answered something unexpected')
    throw new GithubAppError('GitHub did not answer as expected. Please try again in a moment.')
  }
  if ('error' in token.data) throw new GithubAppError('GitHub refused the authorization (it may have expired or been used already). Please connect again.', true)
  const headers = { Authorization: `Bearer ${token.data.access_token}`, Accept: 'application/vnd.github+json' }
  const user = githubUser.safeParse(await call('reading the account', `${app.apiUrl}/user`, { headers }, app.timeoutMs))
  if (!user.success) {
    console.error('GitHub app: /user answered something unexpected')
    throw new GithubAppError('GitHub did not answer as expected. Please try again in a moment.')
  }
  return {
    accessToken: token.data.access_token,
    refreshToken: token.data.refresh_token ?? null,
    expiresAt: token.data.expires_in ? new Date(Date.now() + token.data.expires_in * 1000) : null,
    account: { id: user.data.id, login: user.data.login, avatarUrl: user.data.avatar_url ?? null },
  }
}
