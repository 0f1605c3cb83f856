// @vitest-environment node
/**
 * Sign-in and identity linking through OAuth providers, against a local stand-in for GitHub (and
 * the same stand-in as a generic OAuth 2 provider, "acme"), driven by @supabase/auth-js as an app
 * would, the browser's redirects followed by hand.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '@/server/db/migrate'
import type { GoTrueClient, Provider } from '@supabase/auth-js'
import { readConfig } from '@/server/config'
import { readOAuthProviders } from '@/server/auth/oauth-config'
import { emptyControlPlane, startTestPlatform, type TestPlatform } from '../../helpers/test-platform'
import { githubAccount, startOAuthStandIn, type OAuthStandIn } from '../../helpers/oauth-stand-in'
import { adminClient, authClient, catchMessages, newEmail, STRONG } from './auth-client'

let tp: TestPlatform
let stand: OAuthStandIn

beforeAll(async () => {
  stand = await startOAuthStandIn()
  const env: Record<string, string> = {
    AUTH_EXTERNAL_GITHUB_CLIENT_ID: stand.clientId,
    AUTH_EXTERNAL_GITHUB_SECRET: stand.secret,
    AUTH_EXTERNAL_GITHUB_URL: stand.url,
    AUTH_EXTERNAL_GITHUB_API_URL: stand.apiUrl,
    AUTH_EXTERNAL_PROVIDERS: 'acme',
    AUTH_EXTERNAL_ACME_CLIENT_ID: stand.clientId,
    AUTH_EXTERNAL_ACME_SECRET: stand.secret,
    AUTH_EXTERNAL_ACME_AUTHORIZE_URL: `${stand.url}/login/oauth/authorize`,
    AUTH_EXTERNAL_ACME_TOKEN_URL: `${stand.url}/login/oauth/access_token`,
    AUTH_EXTERNAL_ACME_USERINFO_URL: `${stand.apiUrl}/userinfo`,
    AUTH_EXTERNAL_ACME_SCOPES: 'openid email profile',
  }
  const auth = readConfig().auth
  tp = await startTestPlatform({
    auth: { ...auth, signingKeys: undefined, smtpUrl: undefined, corsOrigins: [], external: { providers: readOAuthProviders((name) => env[name]), timeoutMs: 1000 } },
  })
})
afterAll(async () => {
  await tp?.close()
  await stand?.close()
})

const welcome = () => `${tp.url}/welcome`

/** Follows redirects as a browser would, until one leaves the auth service and the provider. */
async function follow(start: string, { stopAtCallback = false } = {}): Promise<URL> {
  let url = new URL(start)
  for (let hop = 0; hop < 10; hop++) {
    const own = url.origin === tp.url
    if (own && !url.pathname.startsWith('/auth/v1/')) return url
    if (own && stopAtCallback && url.pathname === '/auth/v1/callback') return url
    const res = await fetch(url, { redirect: 'manual' })
    const location = res.headers.get('location')
    if (!location) throw new Error(`${url} answered ${res.status} without a redirect: ${await res.text()}`)
    url = new URL(location, url)
  }
  throw new Error('too many redirects')
}

const fragment = (url: URL) => Object.fromEntries(new URLSearchParams(url.hash.slice(1)))

async function startSignIn(flowType: 'implicit' | 'pkce' = 'implicit', provider = 'github', redirectTo = welcome()) {
  const client = authClient(tp, { flowType })
  const { data, error } = await client.signInWithOAuth({ provider: provider as Provider, options: { redirectTo, skipBrowserRedirect: true } })
  expect(error).toBeNull()
  return { client, url: data.url! }
}

/** Finishes a sign-in the way the page receiving the redirect does. */
async function finish(client: GoTrueClient, landed: URL) {
  const code = landed.searchParams.get('code')
  const result = code
    ? await client.exchangeCodeForSession(code)
    : await client.setSession({ access_token: fragment(landed).access_token, refresh_token: fragment(landed).refresh_token })
  expect(result.error).toBeNull()
  return result.data.session!
}

async function signInWithGitHub(flowType: 'implicit' | 'pkce' = 'implicit') {
  const { client, url } = await startSignIn(flowType)
  const session = await finish(client, await follow(url))
  return { client, session }
}

const profileOf = async (token: string) => (await tp.call('POST', '/platform/profile', { token })).body

describe('sign-in with GitHub', () => {
  it('creates a user with the GitHub identity, its avatar and primary verified address (implicit flow)', async () => {
    const account = githubAccount(newEmail('octo'), { emails: [] })
    const email = newEmail('octo')
    account.emails = [
      { email: newEmail('other'), primary: false, verified: true },
      { email, primary: true, verified: true },
    ]
    stand.signInAs(account)
    const { client, url } = await startSignIn()
    const landed = await follow(url)
    expect(landed.pathname).toBe('/welcome')
    expect(fragment(landed)).toMatchObject({ token_type: 'bearer', provider_token: expect.stringMatching(/^gho_/), sb: '' })
    expect(stand.authorizations.at(-1)!.get('redirect_uri')).toBe(`${tp.url}/auth/v1/callback`)
    expect(stand.authorizations.at(-1)!.get('scope')).toBe('user:email')

    const { user } = await finish(client, landed)
    expect(user.email).toBe(email)
    expect(user.app_metadata).toMatchObject({ provider: 'github', providers: ['github'] })
    expect(user.user_metadata).toMatchObject({ avatar_url: account.avatar_url, user_name: account.login, full_name: account.name })
    expect(user.identities).toEqual([
      expect.objectContaining({
        provider: 'github',
        id: String(account.id),
        identity_data: expect.objectContaining({ sub: String(account.id), avatar_url: account.avatar_url, user_name: account.login, email, email_verified: true }),
      }),
    ])
    const session = (await client.getSession()).data.session!
    expect((await profileOf(session.access_token)).profileImageUrl).toBe(account.avatar_url)

    // The same GitHub account again: the same user.
    const again = await signInWithGitHub()
    expect(again.session.user.id).toBe(user.id)
    expect(again.session.user.identities).toHaveLength(1)
  })

  it('PKCE: the redirect carries a code that works once, with the verifier', async () => {
    stand.signInAs(githubAccount(newEmail('pkce')))
    const { client, url } = await startSignIn('pkce')
    const landed = await follow(url)
    const code = landed.searchParams.get('code')
    expect(code).toBeTruthy()
    expect(landed.hash).toBe('')
    const session = await finish(client, landed)
    expect(session.user.app_metadata.provider).toBe('github')
    const replay = await client.exchangeCodeForSession(code!)
    expect(replay.error).toBeTruthy()
  })

  it('links a verified address to the account that has it; an unverified one does not', async () => {
    const email = newEmail('ada')
    // Proven by its owner: an admin confirmed it.
    const owner = await (await adminClient(tp)).createUser({ email, password: STRONG, email_confirm: true })
    stand.signInAs(githubAccount(email))
    const { session } = await signInWithGitHub()
    expect(session.user.id).toBe(owner.data.user!.id)
    expect(session.user.app_metadata.providers).toEqual(['email', 'github'])
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error).toBeNull()

    const other = newEmail('grace')
    const holder = await authClient(tp).signUp({ email: other, password: STRONG })
    stand.signInAs(githubAccount(other, { emails: [{ email: other, primary: true, verified: false }] }))
    const stranger = (await signInWithGitHub()).session.user
    expect(stranger.id).not.toBe(holder.data.user!.id)
    expect(stranger.email).toBe('') // the address is someone else's
  })

  it('takes over an address nobody confirmed: the password set by whoever registered it goes', async () => {
    const email = newEmail('squatted')
    const admin = await adminClient(tp)
    const squatter = await admin.createUser({ email, password: STRONG, email_confirm: false })
    stand.signInAs(githubAccount(email))
    const { session } = await signInWithGitHub()
    expect(session.user.id).toBe(squatter.data.user!.id)
    expect(session.user.identities!.map((i) => i.provider)).toEqual(['github'])
    expect(session.user.email_confirmed_at).toBeTruthy()
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error?.code).toBe('invalid_credentials')
  })

  it('an address confirmed only by autoconfirm is no proof: the squatter loses password, factors and sessions', async () => {
    // MAILER_AUTOCONFIRM=true (the default): anyone can register anyone's address with a password.
    const email = newEmail('victim')
    const squatter = authClient(tp)
    const signUp = await squatter.signUp({ email, password: STRONG })
    expect(signUp.data.user!.email_confirmed_at).toBeTruthy()
    const squatterSession = signUp.data.session!
    expect((await squatter.mfa.enroll({ factorType: 'totp', friendlyName: 'squatter' })).error).toBeNull()

    // The address's owner signs in with GitHub, which verified it.
    stand.signInAs(githubAccount(email))
    const { session } = await signInWithGitHub()
    expect(session.user.id).toBe(signUp.data.user!.id)
    expect(session.user.identities!.map((i) => i.provider)).toEqual(['github'])
    expect(session.user.factors ?? []).toEqual([])

    // Nothing the squatter held works any more: password, refresh token, access token.
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error?.code).toBe('invalid_credentials')
    const refresh = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: squatterSession.refresh_token } })
    expect(refresh.body.error_code).toBe('refresh_token_not_found')
    const user = await tp.call('GET', '/auth/v1/user', { token: squatterSession.access_token })
    expect(user.body.error_code).toBe('session_not_found')
    // The owner's session does.
    expect((await tp.call('GET', '/auth/v1/user', { token: session.access_token })).body.email).toBe(email)

    // From now on the address is proven: another provider that verified it links, keeping GitHub.
    stand.signInAs(githubAccount(email))
    const { client, url } = await startSignIn('implicit', 'acme')
    const viaAcme = await finish(client, await follow(url))
    expect(viaAcme.user.id).toBe(session.user.id)
    expect(viaAcme.user.identities!.map((i) => i.provider).sort()).toEqual(['acme', 'github'])
    expect((await tp.call('GET', '/auth/v1/user', { token: session.access_token })).status).toBe(200)
  })

  it('an address its holder proved by confirming a change to it keeps its password when GitHub links', async () => {
    const before = newEmail('before')
    const email = newEmail('proven')
    const outbox = catchMessages(tp)
    const client = authClient(tp)
    const signUp = await client.signUp({ email: before, password: STRONG })
    // The account's holder moves it to the address, with codes mailed to both: proof.
    expect((await client.updateUser({ email })).error).toBeNull()
    expect((await client.verifyOtp({ email, token: outbox.last(email).code, type: 'email_change' })).error).toBeNull()
    expect((await client.verifyOtp({ email: before, token: outbox.last(before).code, type: 'email_change' })).error).toBeNull()
    stand.signInAs(githubAccount(email))
    const { session } = await signInWithGitHub()
    expect(session.user.id).toBe(signUp.data.user!.id)
    expect(session.user.app_metadata.providers).toEqual(['email', 'github'])
    expect((await authClient(tp).signInWithPassword({ email, password: STRONG })).error).toBeNull()
    expect((await tp.call('GET', '/auth/v1/user', { token: signUp.data.session!.access_token })).status).toBe(200)
  })

  it('a user who says no comes back with access_denied', async () => {
    stand.signInAs('deny')
    const landed = await follow((await startSignIn()).url)
    expect(landed.pathname).toBe('/welcome')
    expect(Object.fromEntries(landed.searchParams)).toEqual({ error: 'access_denied', error_description: 'The user has denied your application access.' })
    expect(fragment(landed)).toMatchObject({ error: 'access_denied', sb: '' })
  })

  it('sends the browser to the site, not to a redirect_to outside the allow-list', async () => {
    stand.signInAs(githubAccount(newEmail('evil')))
    const landed = await follow((await startSignIn('implicit', 'github', 'https://evil.example/steal')).url)
    expect(landed.origin).toBe(tp.url)
    expect(landed.pathname).toBe('/')
    expect(fragment(landed).access_token).toBeTruthy()
  })

  it('a provider that answers garbage, refuses or does not answer: the browser comes back with server_error', async () => {
    stand.signInAs(githubAccount(newEmail('garbage')))
    try {
      for (const behaviour of ['garbage', 'refuse', 'hang'] as const) {
        stand.tokenBehaviour = behaviour
        const landed = await follow((await startSignIn()).url)
        expect(landed.searchParams.get('error'), behaviour).toBe('server_error')
        expect(landed.searchParams.get('error_code')).toBe('unexpected_failure')
        expect(landed.searchParams.get('error_description')).toMatch(/^Unable to exchange external code: /)
      }
    } finally {
      stand.tokenBehaviour = 'ok'
    }
  })

  it('takes the callback as a form post too', async () => {
    stand.signInAs(githubAccount(newEmail('form')))
    const callback = await follow((await startSignIn()).url, { stopAtCallback: true })
    const res = await fetch(`${tp.url}/auth/v1/callback`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: stand.url, 'Sec-Fetch-Site': 'cross-site' },
      body: new URLSearchParams({ code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! }).toString(),
    })
    expect(res.status).toBe(302)
    expect(fragment(new URL(res.headers.get('location')!)).access_token).toBeTruthy()
  })

  it('signs in with a generic OAuth 2 provider through its userinfo endpoint', async () => {
    const account = githubAccount(newEmail('acme'))
    stand.signInAs(account)
    const { client, url } = await startSignIn('implicit', 'acme')
    expect(new URL(url).searchParams.get('provider')).toBe('acme')
    const { user } = await finish(client, await follow(url))
    expect(stand.authorizations.at(-1)!.get('scope')).toBe('openid email profile')
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'acme', id: `acme-${account.id}`, identity_data: expect.objectContaining({ avatar_url: account.avatar_url }) })])
  })

  it('lists the configured providers in the settings', async () => {
    const { external } = (await tp.call('GET', '/auth/v1/settings')).body
    expect(external).toMatchObject({ github: true, acme: true, google: false, email: true })
  })
})

describe('refusals', () => {
  it('answers GoTrue’s 400 for an unknown or unconfigured provider and for half a PKCE challenge', async () => {
    const unknown = await tp.call('GET', '/auth/v1/authorize?provider=nope')
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported provider: Provider nope could not be found' })
    expect((await tp.call('GET', '/auth/v1/authorize?provider=google')).body.msg).toBe('Unsupported provider: provider is not enabled')
    const half = await tp.call('GET', '/auth/v1/authorize?provider=github&code_challenge=abc')
    expect(half.body).toMatchObject({ error_code: 'validation_failed', msg: 'PKCE flow requires code_challenge_method and code_challenge' })
  })

  it('refuses a forged, malformed or missing state by sending the browser to the site', async () => {
    const cases: [string, string, string][] = [
      [`state=${crypto.randomUUID()}&code=abc`, 'bad_oauth_state', 'OAuth state not found or expired'],
      ['state=not-a-uuid&code=abc', 'bad_oauth_state', 'OAuth state parameter is invalid'],
      ['code=abc', 'bad_oauth_callback', 'OAuth state parameter missing'],
    ]
    for (const [query, code, description] of cases) {
      const res = await tp.call('GET', `/auth/v1/callback?${query}`)
      expect(res.status).toBe(303)
      const location = new URL(res.headers.get('location')!)
      expect(location.origin + location.pathname).toBe(`${tp.url}/`)
      expect(Object.fromEntries(location.searchParams)).toEqual({ error: 'invalid_request', error_code: code, error_description: description })
      expect(res.body).toMatchObject({ error_code: code, msg: description })
    }
  })

  it('refuses a replayed callback', async () => {
    stand.signInAs(githubAccount(newEmail('replay')))
    for (const [flowType, code, description] of [
      ['implicit', 'bad_oauth_state', 'OAuth state not found or expired'],
      ['pkce', 'flow_state_already_used', 'State has already been used'],
    ] as const) {
      const callback = await follow((await startSignIn(flowType)).url, { stopAtCallback: true })
      expect((await fetch(callback, { redirect: 'manual' })).status).toBe(302)
      const replay = await fetch(callback, { redirect: 'manual' })
      expect(replay.status).toBe(303)
      expect(new URL(replay.headers.get('location')!).searchParams.get('error_code'), flowType).toBe(code)
      expect((await replay.json()).msg).toBe(description)
    }
  })

  it('refuses garbage in the query with 400', async () => {
    expect((await tp.call('GET', '/auth/v1/authorize?provider=git%00hub')).status).toBe(400)
    expect((await tp.call('GET', `/auth/v1/authorize?provider=github&redirect_to=${'x'.repeat(3000)}`)).status).toBe(400)
    expect((await tp.call('GET', `/auth/v1/callback?state=${'x'.repeat(300)}`)).status).toBe(400)
    const json = await fetch(`${tp.url}/auth/v1/callback`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"state":"x"}' })
    expect(json.status).toBe(415)
  })
})

describe('linking identities', () => {
  async function passwordUser() {
    const email = newEmail('linker')
    const client = authClient(tp)
    await client.signUp({ email, password: STRONG })
    return { client, email }
  }

  async function link(client: GoTrueClient) {
    const { data, error } = await client.linkIdentity({ provider: 'github', options: { redirectTo: welcome(), skipBrowserRedirect: true } })
    expect(error).toBeNull()
    expect(data.url).toContain(`${stand.url}/login/oauth/authorize`)
    return follow(data.url!)
  }

  it('links GitHub to the signed-in user and unlinks it; never the last identity', async () => {
    const { client } = await passwordUser()
    const account = githubAccount(newEmail('linked'))
    stand.signInAs(account)
    const landed = await link(client)
    expect(fragment(landed).access_token).toBeTruthy()
    const { data } = await client.getUserIdentities()
    expect(data!.identities.map((i) => i.provider)).toEqual(['email', 'github'])
    const token = (await client.getSession()).data.session!.access_token
    expect((await profileOf(token)).profileImageUrl).toBe(account.avatar_url)

    // The same GitHub account cannot be linked to somebody else.
    const other = await passwordUser()
    const refused = await link(other.client)
    expect(Object.fromEntries(refused.searchParams)).toMatchObject({ error: 'server_error', error_code: 'identity_already_exists', error_description: 'Identity is already linked to another user' })
    // Nor someone else's identity be unlinked.
    const othersEmailIdentity = (await other.client.getUserIdentities()).data!.identities[0]
    const foreign = await client.unlinkIdentity(othersEmailIdentity)
    expect(foreign.error?.code).toBe('identity_not_found')

    const github = data!.identities.find((i) => i.provider === 'github')!
    expect((await client.unlinkIdentity(github)).error).toBeNull()
    const after = (await client.getUser()).data.user!
    expect(after.identities!.map((i) => i.provider)).toEqual(['email'])
    expect(after.app_metadata.providers).toEqual(['email'])
    expect((await profileOf(token)).profileImageUrl).toBeUndefined()
    const last = await client.unlinkIdentity(after.identities![0])
    expect(last.error?.code).toBe('single_identity_not_deletable')
  })

  it('a link the squatter of an address started does not finish once the owner proves it by a mailed code', async () => {
    const { client: squatter, email } = await passwordUser()
    const started = await squatter.linkIdentity({ provider: 'github', options: { redirectTo: welcome(), skipBrowserRedirect: true } })
    expect(started.error).toBeNull()
    // The address's owner signs in with a code mailed there: the first proof of the address.
    const outbox = catchMessages(tp)
    const owner = authClient(tp)
    expect((await owner.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull()
    expect((await owner.verifyOtp({ email, token: outbox.last(email).code, type: 'email' })).error).toBeNull()
    // The squatter comes back from GitHub: the flow is gone, nothing is linked.
    stand.signInAs(githubAccount(newEmail('squatters-github')))
    const landed = await follow(started.data.url!)
    expect(landed.searchParams.get('error_code')).toBe('bad_oauth_state')
    expect((await owner.getUser()).data.user!.identities!.map((i) => i.provider)).toEqual(['email'])
  })

  it('a proven address does not carry its proof to another: unlinking cannot make an unverified address proven', async () => {
    // The attacker proves their own address with a mailed code, then sets a password again.
    const own = newEmail('attacker')
    const outbox = catchMessages(tp)
    const attacker = authClient(tp)
    await attacker.signUp({ email: own, password: STRONG })
    expect((await attacker.signInWithOtp({ email: own, options: { shouldCreateUser: false } })).error).toBeNull()
    expect((await attacker.verifyOtp({ email: own, token: outbox.last(own).code, type: 'email' })).error).toBeNull()
    expect((await attacker.updateUser({ password: STRONG })).error).toBeNull()
    // Links a GitHub account showing the victim's address, which GitHub did not verify, and unlinks
    // the email identity: the account's address becomes the victim's, proven by nobody.
    const victim = newEmail('victim')
    stand.signInAs(githubAccount(victim, { emails: [{ email: victim, primary: true, verified: false }] }))
    await link(attacker)
    const emailIdentity = (await attacker.getUserIdentities()).data!.identities.find((i) => i.provider === 'email')!
    expect((await attacker.unlinkIdentity(emailIdentity)).error).toBeNull()
    const attackerId = (await attacker.getUser()).data.user!.id
    const [row] = await tp.platform.db.query<{ email: string; proven: boolean }>('select email, email_proven_at is not null as proven from users where id = $1', [attackerId])
    expect(row).toEqual({ email: victim, proven: false })
    expect((await authClient(tp).signInWithPassword({ email: victim, password: STRONG })).error).toBeNull()

    // The victim signs in with a GitHub account that verified the address: what the attacker set up goes.
    stand.signInAs(githubAccount(victim))
    const { session } = await signInWithGitHub()
    expect(session.user.id).toBe(attackerId)
    expect(session.user.identities!.map((i) => i.provider)).toEqual(['github'])
    expect((await authClient(tp).signInWithPassword({ email: victim, password: STRONG })).error?.code).toBe('invalid_credentials')
  })

  it('a GitHub-only user cannot unlink its one identity', async () => {
    stand.signInAs(githubAccount(newEmail('only')))
    const { client, session } = await signInWithGitHub()
    const result = await client.unlinkIdentity(session.user.identities![0])
    expect(result.error?.code).toBe('single_identity_not_deletable')
  })

  it('needs a session, and answers the URL as JSON or a redirect', async () => {
    expect((await tp.call('GET', '/auth/v1/user/identities/authorize?provider=github')).status).toBe(401)
    const { client } = await passwordUser()
    const token = (await client.getSession()).data.session!.access_token
    const redirect = await tp.call('GET', '/auth/v1/user/identities/authorize?provider=github', { token })
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toContain(`${stand.url}/login/oauth/authorize`)
  })
})

describe('migration 0022: which addresses of existing accounts count as proven', () => {
  it('a confirmation mailed before the address was confirmed, or a provider that verified it, is proof; autoconfirm alone is not', async () => {
    const source = path.join(process.cwd(), 'server', 'migrations')
    const all = fs.readdirSync(source).filter((f) => f.endsWith('.sql'))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
    const db = await emptyControlPlane()
    try {
      for (const file of all.filter((f) => f < '0022')) fs.copyFileSync(path.join(source, file), path.join(dir, file))
      await migrate(db, dir)
      const user = async (email: string, columns: { confirmed?: boolean; mailed?: boolean }) => {
        const id = randomUUID()
        await db.query(
          `insert into users (id, email, encrypted_password, email_confirmed_at, confirmation_sent_at)
           values ($1, $2, 'x', case when $3 then now() end, case when $4 then now() - interval '1 hour' end)`,
          [id, email, !!columns.confirmed, !!columns.mailed]
        )
        return id
      }
      await user('autoconfirmed@example.com', { confirmed: true })
      await user('mailed@example.com', { confirmed: true, mailed: true })
      await user('waiting@example.com', { mailed: true })
      const viaGitHub = await user('github@example.com', { confirmed: true })
      await db.query(`insert into auth_identities (id, user_id, provider, provider_id, identity_data) values ($1, $2, 'github', '42', $3)`, [
        randomUUID(),
        viaGitHub,
        JSON.stringify({ email: 'GitHub@example.com', email_verified: true }),
      ])
      for (const file of all.filter((f) => f >= '0022')) fs.copyFileSync(path.join(source, file), path.join(dir, file))
      await migrate(db, dir)
      const rows = await db.query<{ email: string; proven: boolean }>('select email, email_proven_at is not null as proven from users order by email')
      expect(rows).toEqual([
        { email: 'autoconfirmed@example.com', proven: false },
        { email: 'github@example.com', proven: true },
        { email: 'mailed@example.com', proven: true },
        { email: 'waiting@example.com', proven: false },
      ])
    } finally {
      await db.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

