// @vitest-environment node
/**
 * A project's own auth service attacked at its seams: pending and invited accounts, rows its own
 * SQL wrote, odd bodies and ids, the auth schema exposed through the data API, many requests at once.
 */
import http from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asEngineAdmin, atTestServer, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf } from '../helpers/project-backends'
import type { Message } from '@/server/auth/mailer'

const PASSWORD = 'a fine long password'
const ATTACKER_PASSWORD = 'the attacker chose this one'

type Project = { ref: string; url: string; anon: string; service: string }

describe.skipIf(!BACKENDS[0].enabled)('project auth under attack', () => {
  let stop: () => Promise<void>
  let tp: TestPlatform
  let owner: string
  let orgId: number
  let a: Project
  let b: Project
  const mails: Message[] = []

  const auth = (p: Project, path: string, init: { method?: string; key?: string; bearer?: string; body?: unknown; raw?: string } = {}) =>
    fetch(`${p.url}/auth/v1${path}`, {
      method: init.method ?? (init.body !== undefined || init.raw !== undefined ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...(init.key ? { apikey: init.key } : {}),
        ...(init.bearer ? { Authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.body !== undefined || init.raw !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.raw ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    })
  const errorCode = async (res: Response) => ((await res.json()) as { error_code?: string }).error_code
  const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const lastLink = (to: string, type: string) => {
    const mail = mails.findLast((m) => m.to === to && m.text.includes(`type=${type}`))!
    return atTestServer(tp, /https?:\/\/\S+\/verify\?\S+/.exec(mail.text)![0])
  }
  const confirmations = (p: Project, on: boolean) => tp.call('PATCH', `/platform/auth/${p.ref}/config`, { token: owner, body: { mailer_autoconfirm: !on } })

  async function project(orgSlug: string): Promise<Project> {
    const ref = await activeProject(tp, owner, orgSlug)
    const keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
    return { ref, url: keys.url, anon: keys.anon_key, service: keys.service_role_key }
  }

  beforeAll(async () => {
    const started = await BACKENDS[0].start()
    stop = () => started.stop()
    tp = started.tp
    tp.platform.mailer.sendMail = async (message) => {
      mails.push(message)
    }
    const created = await ownerWithOrg(tp, 'Attack Org')
    owner = created.token
    orgId = created.org.id
    a = await project(created.org.slug)
    b = await project(created.org.slug)
  })
  afterAll(() => stop?.())

  it("a sign-up does not take over an invited account: the invitee's link does not confirm a password someone else chose", async () => {
    await confirmations(a, true)
    const email = unique('invitee')
    expect((await auth(a, '/invite', { key: a.service, bearer: a.service, body: { email, data: { team: 'red' } } })).status).toBe(200)
    const inviteLink = lastLink(email, 'invite')
    // Someone who knows the address signs it up before the invitee accepts.
    const signup = await auth(a, '/signup', { key: a.anon, body: { email, password: ATTACKER_PASSWORD, data: { team: 'attacker' } } })
    expect(signup.status).toBe(200)
    expect(((await signup.json()) as { access_token?: string }).access_token).toBeUndefined()
    expect((await fetch(inviteLink, { redirect: 'manual' })).headers.get('location')).toContain('access_token=')
    const attacker = await auth(a, '/token?grant_type=password', { key: a.anon, body: { email, password: ATTACKER_PASSWORD } })
    expect(attacker.status).toBe(400)
    expect(await errorCode(attacker)).toBe('invalid_credentials')
    const [row] = await rowsOf(tp, owner, a.ref, `select raw_user_meta_data from auth.users where email = '${email}'`)
    expect(row.raw_user_meta_data).toEqual({ team: 'red' })
  })

  it('a sign-up racing the invitation of its pending address does not set the invited account’s password', async () => {
    await confirmations(a, true)
    const email = unique('race-invite')
    expect((await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })).status).toBe(200)
    const [{ db_location }] = await tp.platform.db.query<{ db_location: { url: string } }>('select db_location from projects where ref = $1', [a.ref])
    const inviting = new pg.Client({ connectionString: db_location.url })
    await inviting.connect()
    try {
      // The invitation's transaction: the account marked invited, its password dropped, not yet committed.
      await inviting.query('begin')
      await inviting.query(`update auth.users set invited_at = now(), encrypted_password = null where email = $1`, [email])
      const racing = auth(a, '/signup', { key: a.anon, body: { email, password: ATTACKER_PASSWORD } })
      let waiting = 0
      for (let i = 0; i < 400 && !waiting; i++) {
        // As the server's superuser: the auth service's session is the platform's own login.
        const { rows } = await asEngineAdmin((c) =>
          c.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query like 'update auth.users set encrypted_password%'`,
            [`p_${a.ref}`]
          )
        )
        waiting = rows[0].n
        if (!waiting) await new Promise((r) => setTimeout(r, 25))
      }
      expect(waiting).toBe(1)
      await inviting.query('commit')
      expect((await racing).status).toBe(200)
    } finally {
      await inviting.end()
    }
    const [row] = await rowsOf(tp, owner, a.ref, `select encrypted_password is null as unset from auth.users where email = '${email}'`)
    expect(row.unset).toBe(true)
  })

  it('an invitation of an address someone signed up and never confirmed does not confirm the password they chose', async () => {
    await confirmations(a, true)
    const email = unique('pre-registered')
    expect((await auth(a, '/signup', { key: a.anon, body: { email, password: ATTACKER_PASSWORD } })).status).toBe(200)
    expect((await auth(a, '/invite', { key: a.service, bearer: a.service, body: { email } })).status).toBe(200)
    expect((await fetch(lastLink(email, 'invite'), { redirect: 'manual' })).headers.get('location')).toContain('access_token=')
    const attacker = await auth(a, '/token?grant_type=password', { key: a.anon, body: { email, password: ATTACKER_PASSWORD } })
    expect(await errorCode(attacker)).toBe('invalid_credentials')
  })

  it("a sign-up of a taken address answers as a new pending one: not the user's id, metadata or sign-in times", async () => {
    await confirmations(a, false)
    const email = unique('taken')
    const made = (await (await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD, data: { secret: 'mine' } } })).json()) as { user: { id: string } }
    await auth(a, `/admin/users/${made.user.id}`, { key: a.service, bearer: a.service, method: 'PUT', body: { app_metadata: { plan: 'gold' } } })
    await confirmations(a, true)
    const probe = await auth(a, '/signup', { key: a.anon, body: { email, password: ATTACKER_PASSWORD, data: { x: 1 } } })
    expect(probe.status).toBe(200)
    const answer = (await probe.json()) as Record<string, unknown>
    const fresh = (await (await auth(a, '/signup', { key: a.anon, body: { email: unique('fresh'), password: PASSWORD, data: { x: 1 } } })).json()) as Record<string, unknown>
    expect(answer.id).not.toBe(made.user.id)
    expect(JSON.stringify(answer)).not.toContain('mine')
    expect(JSON.stringify(answer)).not.toContain('gold')
    expect(answer.user_metadata).toEqual({ x: 1 })
    expect(Object.keys(answer).sort()).toEqual(Object.keys(fresh).sort())
    for (const key of ['email_confirmed_at', 'confirmed_at', 'last_sign_in_at', 'invited_at']) expect(answer[key], key).toBeUndefined()
    expect(answer.confirmation_sent_at).toBeTruthy()
  })

  it('with sign-ups confirmed at once, a sign-up of an address whose account nobody confirmed gets no session as that account', async () => {
    const email = unique('made-by-admin')
    const made = await auth(a, '/admin/users', { key: a.service, bearer: a.service, body: { email, app_metadata: { plan: 'gold' } } })
    expect(made.status).toBe(200)
    const id = ((await made.json()) as { id: string }).id
    await confirmations(a, false)
    const res = await auth(a, '/signup', { key: a.anon, body: { email, password: ATTACKER_PASSWORD } })
    const body = (await res.json()) as { error_code?: string; user?: { id: string } }
    expect(body.user?.id).not.toBe(id)
    expect(res.status).toBe(422)
    expect(body.error_code).toBe('user_already_exists')
    const [row] = await rowsOf(tp, owner, a.ref, `select encrypted_password is null as unset from auth.users where id = '${id}'`)
    expect(row.unset).toBe(true)
  })

  it('with the email provider turned off, no address signs up or in by mail, magic link or password', async () => {
    await confirmations(b, false)
    const email = unique('provider-off')
    expect((await auth(b, '/signup', { key: b.anon, body: { email, password: PASSWORD } })).status).toBe(200)
    await tp.call('PATCH', `/platform/auth/${b.ref}/config`, { token: owner, body: { external_email_enabled: false } })
    try {
      const newcomer = unique('newcomer')
      const otp = await auth(b, '/otp', { key: b.anon, body: { email: newcomer, create_user: true } })
      expect(await errorCode(otp)).toBe('email_provider_disabled')
      const [{ n }] = await rowsOf(tp, owner, b.ref, `select count(*)::int as n from auth.users where email = '${newcomer}'`)
      expect(n).toBe(0)
      expect(await errorCode(await auth(b, '/magiclink', { key: b.anon, body: { email } }))).toBe('email_provider_disabled')
      const password = await auth(b, '/token?grant_type=password', { key: b.anon, body: { email, password: PASSWORD } })
      expect(await errorCode(password)).toBe('email_provider_disabled')
    } finally {
      await tp.call('PATCH', `/platform/auth/${b.ref}/config`, { token: owner, body: { external_email_enabled: true } })
    }
  })

  it("a ban the project's SQL sets for ever (infinity) holds", async () => {
    await confirmations(a, false)
    const email = unique('forever')
    expect((await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })).status).toBe(200)
    await rowsOf(tp, owner, a.ref, `update auth.users set banned_until = 'infinity' where email = '${email}'`)
    const res = await auth(a, '/token?grant_type=password', { key: a.anon, body: { email, password: PASSWORD } })
    expect(res.status).toBe(400)
    expect(await errorCode(res)).toBe('user_banned')
    const listed = await auth(a, '/admin/users', { key: a.service, bearer: a.service })
    expect(listed.status).toBe(200)
    const users = ((await listed.json()) as { users: { email: string; banned_until?: string }[] }).users
    expect(users.find((u) => u.email === email)?.banned_until).toBe('infinity')
    const dashboard = await tp.call('GET', `/platform/auth/${a.ref}/users?keywords=${encodeURIComponent(email)}`, { token: owner })
    expect(dashboard.body.users[0].banned_until).toBe('infinity')
  })

  it("a user row the project's SQL wrote with a hash from elsewhere, no email or no password is refused sign-in, not a server error", async () => {
    await rowsOf(
      tp,
      owner,
      a.ref,
      `insert into auth.users (email, encrypted_password, email_confirmed_at) values
         ('bcrypt-${Date.now()}@example.com', '$2a$10$abcdefghijklmnopqrstuuKJ5r7r1p9X0e7oQ5J7a1Qb4Zq0Jp6S', now()),
         ('garbage-${Date.now()}@example.com', 'not a hash', now());
       insert into auth.users (phone) values ('+15550001234');
       insert into auth.users default values`
    )
    for (const row of await rowsOf(tp, owner, a.ref, `select email from auth.users where email like 'bcrypt-%' or email like 'garbage-%'`)) {
      const res = await auth(a, '/token?grant_type=password', { key: a.anon, body: { email: row.email, password: PASSWORD } })
      expect(res.status).toBe(400)
      expect(await errorCode(res)).toBe('invalid_credentials')
    }
    expect((await auth(a, '/admin/users?per_page=1000', { key: a.service, bearer: a.service })).status).toBe(200)
    expect((await tp.call('GET', `/platform/auth/${a.ref}/users`, { token: owner })).status).toBe(200)
  })

  it('the admin API answers 404 for an id that only looks like a user id, and odd bodies are 400s, never 500s', async () => {
    const admin = { key: a.service, bearer: a.service }
    expect((await auth(a, `/admin/users/${'-'.repeat(36)}`, admin)).status).toBe(404)
    expect((await auth(a, `/admin/users/${'a'.repeat(36)}`, { ...admin, method: 'PUT', body: {} })).status).toBe(404)
    expect((await auth(a, `/admin/users/${'-'.repeat(36)}`, { ...admin, method: 'DELETE' })).status).toBe(404)
    for (const raw of ['[]', 'null', '"x"', '42', '{"email":["a@b.co"],"password":{}}', '{"email":null,"password":null}', '{', '{"__proto__":{"admin":true}}']) {
      for (const path of ['/signup', '/token?grant_type=password', '/otp', '/recover', '/verify', '/resend']) {
        const res = await auth(a, path, { key: a.anon, raw })
        expect(res.status, `${path} ${raw}`).toBeLessThan(500)
      }
    }
    const huge = await auth(a, '/signup', { key: a.anon, body: { email: unique('huge'), password: PASSWORD, data: { blob: 'x'.repeat(70_000) } } })
    expect(huge.status).toBe(413)
  })

  it('a refresh token, a verify link or an access token of one project means nothing at another', async () => {
    await confirmations(a, false)
    const res = await auth(a, '/signup', { key: a.anon, body: { email: unique('cross'), password: PASSWORD } })
    const session = (await res.json()) as { refresh_token: string; access_token: string }
    const refreshed = await auth(b, '/token?grant_type=refresh_token', { key: b.anon, body: { refresh_token: session.refresh_token } })
    expect(await errorCode(refreshed)).toBe('refresh_token_not_found')
    expect((await auth(b, '/admin/users', { key: b.anon, bearer: session.access_token })).status).toBe(403)
    expect((await auth(a, '/admin/users', { key: a.anon, bearer: session.access_token })).status).toBe(403)
    await confirmations(a, true)
    const email = unique('link')
    await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })
    const link = lastLink(email, 'signup').replace(`/p/${a.ref}/`, `/p/${b.ref}/`)
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired')
  })

  it('a deleted user keeps no session: the access token is refused by the service and its refresh token gives nothing', async () => {
    await confirmations(a, false)
    const res = await auth(a, '/signup', { key: a.anon, body: { email: unique('deleted'), password: PASSWORD } })
    const session = (await res.json()) as { refresh_token: string; access_token: string; user: { id: string } }
    expect((await auth(a, `/admin/users/${session.user.id}`, { key: a.service, bearer: a.service, method: 'DELETE' })).status).toBe(200)
    expect((await auth(a, '/user', { key: a.anon, bearer: session.access_token })).status).toBe(403)
    expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: session.refresh_token } })).status).toBe(400)
  })

  it('a code of one kind does not complete another, and a code is of its address only', async () => {
    await confirmations(a, true)
    const email = unique('kinds')
    await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })
    const code = /code: (\d{6})/.exec(mails.findLast((m) => m.to === email)!.text)![1]
    for (const type of ['recovery', 'invite', 'email_change', 'magiclink', 'sms', 'nonsense'])
      expect((await auth(a, '/verify', { key: a.anon, body: { type, email, token: code } })).status, type).toBeGreaterThanOrEqual(400)
    expect((await auth(a, '/verify', { key: a.anon, body: { type: 'signup', email: unique('other'), token: code } })).status).toBe(403)
    expect((await auth(a, '/verify', { key: a.anon, body: { type: 'signup', email: email.toUpperCase(), token: code } })).status).toBe(200)
  })

  it('two users asking for the same new address: the first to confirm gets it, the second is refused', async () => {
    await confirmations(a, false)
    const one = (await (await auth(a, '/signup', { key: a.anon, body: { email: unique('one'), password: PASSWORD } })).json()) as { access_token: string }
    const two = (await (await auth(a, '/signup', { key: a.anon, body: { email: unique('two'), password: PASSWORD } })).json()) as { access_token: string }
    await confirmations(a, true)
    const wanted = unique('wanted')
    expect((await auth(a, '/user', { key: a.anon, bearer: one.access_token, method: 'PUT', body: { email: wanted } })).status).toBe(200)
    const firstLink = lastLink(wanted, 'email_change')
    expect((await auth(a, '/user', { key: a.anon, bearer: two.access_token, method: 'PUT', body: { email: wanted } })).status).toBe(200)
    const secondLink = lastLink(wanted, 'email_change')
    expect((await fetch(secondLink, { redirect: 'manual' })).headers.get('location')).toContain('access_token=')
    const first = await fetch(firstLink, { redirect: 'manual' })
    expect(first.status).toBe(303)
    expect(new URLSearchParams(first.headers.get('location')!.split('#')[1]).get('error_code')).toBe('email_exists')
    const holders = await rowsOf(tp, owner, a.ref, `select count(*)::int as n from auth.users where email = '${wanted}'`)
    expect(holders).toEqual([{ n: 1 }])
  })

  it("mails links at the platform's own origin, whatever Host a stranger's request names", async () => {
    await tp.call('PATCH', `/platform/auth/${b.ref}/config`, { token: owner, body: { mailer_autoconfirm: true, site_url: '' } })
    const email = unique('host')
    expect((await auth(b, '/signup', { key: b.anon, body: { email, password: PASSWORD } })).status).toBe(200)
    // Any Host gets through (ALLOWED_HOSTS=*), and SITE_URL is not set.
    const hosts = tp.platform.config.allowedHosts
    tp.platform.config.allowedHosts = ['*']
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(`${b.url}/auth/v1/recover`)
        const req = http.request(url, { method: 'POST', headers: { Host: 'evil.example', apikey: b.anon, 'Content-Type': 'application/json' } }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.once('error', reject)
        req.end(JSON.stringify({ email }))
      })
      expect(status).toBe(200)
    } finally {
      tp.platform.config.allowedHosts = hosts
    }
    const mail = mails.findLast((m) => m.to === email && m.text.includes('type=recovery'))!
    expect(mail.text).not.toContain('evil.example')
    expect(mail.text).toContain(`${new URL(tp.platform.config.auth.issuer).origin}/p/${b.ref}/auth/v1/verify?`)
  })

  it('links lead only to allowed addresses, whatever the userinfo, host suffix or scheme', async () => {
    await tp.call('PATCH', `/platform/auth/${a.ref}/config`, {
      token: owner,
      body: { mailer_autoconfirm: false, site_url: 'https://app.example.com', uri_allow_list: ['https://app.example.com/cb/**', 'myapp://login'] },
    })
    for (const bad of [
      'https://app.example.com@evil.example.net/',
      'https://app.example.com.evil.example.net/',
      'https://app.example.com:443@evil.example.net',
      '//evil.example.net',
      'javascript:alert(1)',
      'data:text/html,hi',
      'myapp://login.evil',
      'https://app.example.com/cb/../..@evil.example.net',
    ]) {
      const email = unique('redirect')
      await auth(a, `/signup?redirect_to=${encodeURIComponent(bad)}`, { key: a.anon, body: { email, password: PASSWORD } })
      const location = (await fetch(lastLink(email, 'signup'), { redirect: 'manual' })).headers.get('location')!
      expect(new URL(location).host, bad).toBe('app.example.com')
    }
  })

  it('a redirect_to with control characters leads to the site URL, and its link still signs in', async () => {
    await tp.call('PATCH', `/platform/auth/${a.ref}/config`, { token: owner, body: { mailer_autoconfirm: false, site_url: 'https://app.example.com', uri_allow_list: [] } })
    const email = unique('crlf')
    const bad = 'https://app.example.com/x\r\nSet-Cookie: a=b'
    await auth(a, `/signup?redirect_to=${encodeURIComponent(bad)}`, { key: a.anon, body: { email, password: PASSWORD } })
    const followed = await fetch(lastLink(email, 'signup'), { redirect: 'manual' })
    expect(followed.status).toBe(303)
    expect(followed.headers.get('set-cookie')).toBeNull()
    expect(followed.headers.get('location')!.startsWith('https://app.example.com#access_token=')).toBe(true)
  })

  it('a mailed link leads back to the app with one fragment, and a link refused for another reason than expiry says why there too', async () => {
    await tp.call('PATCH', `/platform/auth/${a.ref}/config`, { token: owner, body: { mailer_autoconfirm: false, site_url: 'https://app.example.com', uri_allow_list: [] } })
    const email = unique('fragment')
    await auth(a, `/signup?redirect_to=${encodeURIComponent('https://app.example.com/welcome#old')}`, { key: a.anon, body: { email, password: PASSWORD } })
    const link = lastLink(email, 'signup')
    const followed = await fetch(link, { redirect: 'manual' })
    const location = followed.headers.get('location')!
    expect(location.startsWith('https://app.example.com/welcome#access_token=')).toBe(true)
    expect(location.split('#')).toHaveLength(2)
    // A banned user's link: back to the app with the reason, not a JSON page.
    const banned = unique('banned-link')
    await auth(a, '/signup', { key: a.anon, body: { email: banned, password: PASSWORD } })
    await rowsOf(tp, owner, a.ref, `update auth.users set banned_until = 'infinity' where email = '${banned}'`)
    const refused = await fetch(lastLink(banned, 'signup'), { redirect: 'manual' })
    expect(refused.status).toBe(303)
    const fragment = new URLSearchParams(new URL(refused.headers.get('location')!).hash.slice(1))
    expect(fragment.get('error_code')).toBe('user_banned')
    expect(fragment.get('error_description')).toBeTruthy()
  })

  it("anon and a user cannot read or change the auth schema's tables through the data API even when the project exposes it", async () => {
    await confirmations(a, false)
    const user = (await (await auth(a, '/signup', { key: a.anon, body: { email: unique('rest'), password: PASSWORD } })).json()) as { access_token: string; user: { id: string } }
    const exposed = await tp.call('PATCH', `/platform/projects/${a.ref}/api-settings`, { token: owner, body: { data_api: { schemas: ['public', 'auth'] } } })
    expect(exposed.status).toBe(200)
    for (const bearer of [a.anon, user.access_token]) {
      for (const table of ['users', 'refresh_tokens', 'one_time_tokens', 'sessions', 'identities']) {
        const read = await fetch(`${a.url}/rest/v1/${table}?select=*`, { headers: { apikey: a.anon, Authorization: `Bearer ${bearer}`, 'Accept-Profile': 'auth' } })
        expect(read.status, table).toBeGreaterThanOrEqual(400)
        expect(await read.text()).not.toContain('encrypted_password')
      }
      const write = await fetch(`${a.url}/rest/v1/users?id=eq.${user.user.id}`, {
        method: 'PATCH',
        headers: { apikey: a.anon, Authorization: `Bearer ${bearer}`, 'Content-Profile': 'auth', 'Content-Type': 'application/json' },
        body: JSON.stringify({ role: 'service_role' }),
      })
      expect(write.status).toBeGreaterThanOrEqual(400)
    }
    const [row] = await rowsOf(tp, owner, a.ref, `select role from auth.users where id = '${user.user.id}'`)
    expect(row.role).toBe('authenticated')
    await tp.call('PATCH', `/platform/projects/${a.ref}/api-settings`, { token: owner, body: { data_api: { schemas: ['public'] } } })
  })

  it("members who may read the project's database find no refresh token there that keeps a user's session", async () => {
    await confirmations(a, false)
    const email = unique('stored')
    const session = (await (await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })).json()) as { refresh_token: string }
    const refreshed = (await (await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: session.refresh_token } })).json()) as { refresh_token: string }
    const reader = await memberOf(tp, orgId, 'Read-only')
    for (const member of [reader, owner]) {
      const rows = await rowsOf(tp, member, a.ref, `select t.* from auth.refresh_tokens t join auth.users u on u.id = t.user_id where u.email = '${email}'`)
      expect(rows.length).toBe(2)
      const stored = JSON.stringify(rows)
      expect(stored).not.toContain(session.refresh_token)
      expect(stored).not.toContain(refreshed.refresh_token)
      // Nothing a reader copies out of the table is accepted as a refresh token.
      for (const row of rows)
        for (const value of Object.values(row).filter((v): v is string => typeof v === 'string')) {
          const stolen = await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: value } })
          expect(stolen.status, value).toBe(400)
        }
    }
    // The user's own latest token still works.
    expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: refreshed.refresh_token } })).status).toBe(200)
  })

  it('a mailed link followed many times at once signs in once', async () => {
    await confirmations(a, true)
    const email = unique('twice')
    await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })
    const link = lastLink(email, 'signup')
    const locations = await Promise.all(Array.from({ length: 8 }, async () => (await fetch(link, { redirect: 'manual' })).headers.get('location') ?? ''))
    expect(locations.filter((l) => l.includes('access_token=')).length).toBe(1)
    const [{ n }] = await rowsOf(tp, owner, a.ref, `select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = '${email}'`)
    expect(n).toBe(1)
  })

  it("after the JWT secret's rotation the old keys and access tokens are refused; a refresh token gives tokens of the new secret", async () => {
    await confirmations(b, false)
    const session = (await (await auth(b, '/signup', { key: b.anon, body: { email: unique('rotated'), password: PASSWORD } })).json()) as { access_token: string; refresh_token: string }
    expect((await tp.call('POST', `/platform/projects/${b.ref}/api-settings/rotate-jwt-secret`, { token: owner })).status).toBe(200)
    const old = b
    b = await (async () => {
      const keys = (await tp.call('GET', `/platform/projects/${old.ref}/api-settings?reveal=true`, { token: owner })).body
      return { ...old, anon: keys.anon_key, service: keys.service_role_key }
    })()
    expect((await auth(b, '/settings', { key: old.anon })).status).toBe(401)
    expect((await auth(b, '/admin/users', { key: old.service, bearer: old.service })).status).toBe(401)
    expect((await auth(b, '/user', { key: b.anon, bearer: session.access_token })).status).toBe(403)
    expect((await fetch(`${b.url}/rest/v1/`, { headers: { apikey: b.anon, Authorization: `Bearer ${session.access_token}` } })).status).toBe(401)
    const refreshed = await auth(b, '/token?grant_type=refresh_token', { key: b.anon, body: { refresh_token: session.refresh_token } })
    expect(refreshed.status).toBe(200)
    const fresh = (await refreshed.json()) as { access_token: string }
    expect((await auth(b, '/user', { key: b.anon, bearer: fresh.access_token })).status).toBe(200)
  })

  it('a restricted organization (402) and a paused project (409) serve no sign-in, refresh or link', async () => {
    await confirmations(a, false)
    const email = unique('held')
    const session = (await (await auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })).json()) as { refresh_token: string }
    const [{ organization_id }] = await tp.platform.db.query<{ organization_id: number }>('select organization_id::int as organization_id from projects where ref = $1', [a.ref])
    await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [organization_id])
    try {
      expect((await auth(a, '/token?grant_type=password', { key: a.anon, body: { email, password: PASSWORD } })).status).toBe(402)
      expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: session.refresh_token } })).status).toBe(402)
      expect((await auth(a, '/verify?token=x&type=signup')).status).toBe(402)
      expect((await tp.call('GET', `/platform/auth/${a.ref}/users`, { token: owner })).status).toBe(402)
    } finally {
      await tp.platform.db.query(`update organizations set restriction_status = null where id = $1`, [organization_id])
    }
    await tp.platform.db.query(`update projects set status = 'INACTIVE' where ref = $1`, [a.ref])
    try {
      expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: session.refresh_token } })).status).toBe(409)
      expect((await tp.call('GET', `/platform/auth/${a.ref}/users`, { token: owner })).status).toBe(409)
    } finally {
      await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [a.ref])
    }
    expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: session.refresh_token } })).status).toBe(200)
  })

  it("a user's metadata stays within the size one request may send, however many updates merge into it", async () => {
    await confirmations(b, false)
    const email = unique('bloat')
    const session = (await (await auth(b, '/signup', { key: b.anon, body: { email, password: PASSWORD } })).json()) as { access_token: string }
    const chunk = 'x'.repeat(10_000)
    expect((await auth(b, '/user', { key: b.anon, bearer: session.access_token, method: 'PUT', body: { data: { one: chunk } } })).status).toBe(200)
    const more = await auth(b, '/user', { key: b.anon, bearer: session.access_token, method: 'PUT', body: { data: { two: chunk } } })
    expect(more.status).toBe(400)
    expect(await errorCode(more)).toBe('validation_failed')
    const [row] = await rowsOf(tp, owner, b.ref, `select octet_length(raw_user_meta_data::text) as n from auth.users where email = '${email}'`)
    expect(Number(row.n)).toBeLessThanOrEqual(16 * 1024)
    // Replacing a key keeps within it.
    expect((await auth(b, '/user', { key: b.anon, bearer: session.access_token, method: 'PUT', body: { data: { one: 'small', two: 'small' } } })).status).toBe(200)
    expect((await auth(b, '/user', { key: b.anon, bearer: session.access_token })).status).toBe(200)
  })

  it('many requests at once for one project are all answered, none with a server error', async () => {
    await confirmations(b, false)
    const session = (await (await auth(b, '/signup', { key: b.anon, body: { email: unique('busy'), password: PASSWORD } })).json()) as { access_token: string }
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? auth(b, '/user', { key: b.anon, bearer: session.access_token }) : auth(b, '/token?grant_type=password', { key: b.anon, body: { email: unique('nobody'), password: PASSWORD } })
      )
    )
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(20).fill(200), ...Array(20).fill(400)].sort())
  })
})
