// @vitest-environment node
/**
 * A project as supabase-js sees it: its own users (auth at {site}/p/{ref}/auth/v1, stored in the
 * project's auth schema), tokens signed with its own secret, and the data API applying the Todo
 * List quickstart's row level security to them. On the run's server and on Debian's PostgreSQL 15.
 */
import { appClient as client } from '../helpers/supabase-client'
import { createHash } from 'node:crypto'
import { SignJWT } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { atTestServer, startTestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf } from '../helpers/project-backends'
import { pgClusterAvailable, startPgCluster } from '../helpers/pg-cluster'
import { todoList } from '@/lib/snippets/quickstarts/todo-list'
import type { Message } from '@/server/auth/mailer'
import { flushLogs } from '@/server/logs/recorder'
import { authDatabases } from '@/server/project-auth/auth-service'
import { asEngineAdmin } from '../helpers/test-platform'

const PASSWORD = 'a fine long password'

type Started = { tp: TestPlatform; stop(): Promise<void> }
const SERVERS: { name: string; enabled: boolean; start(): Promise<Started> }[] = [
  ...BACKENDS.map((b) => ({ name: "the run's server", enabled: b.enabled, start: () => b.start() })),
  {
    name: 'PostgreSQL 15',
    enabled: pgClusterAvailable(),
    async start() {
      const cluster = await startPgCluster()
      const tp = await startTestPlatform({ projectDbServers: `*=${cluster.url}` }).catch(async (e) => {
        await cluster.stop()
        throw e
      })
      return { tp, stop: () => tp.close().finally(() => cluster.stop()) }
    },
  },
]

/** A project with the Todo List quickstart, a function, its keys, and sign-ups confirmed at once. */
async function todoProject(tp: TestPlatform, owner: string, orgSlug: string) {
  const ref = await activeProject(tp, owner, orgSlug)
  await rowsOf(tp, owner, ref, todoList.sql)
  await rowsOf(tp, owner, ref, `create function public.todo_count() returns bigint language sql stable as $$ select count(*) from public.todos $$`)
  const keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
  return { ref, url: keys.url as string, anon: keys.anon_key as string, service: keys.service_role_key as string }
}

for (const server of SERVERS) {
  describe.skipIf(!server.enabled)(`project auth with supabase-js: ${server.name}`, () => {
    let started: Started
    let tp: TestPlatform
    let owner: string
    let project: Awaited<ReturnType<typeof todoProject>>

    beforeAll(async () => {
      started = await server.start()
      tp = started.tp
      const created = await ownerWithOrg(tp, 'Todo Org')
      owner = created.token
      project = await todoProject(tp, owner, created.org.slug)
      const patched = await tp.call('PATCH', `/platform/auth/${project.ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })
      expect(patched.status).toBe(200)
    })
    afterAll(() => started?.stop())

    it('signs users up and in; each sees only their own todos, anon none, the service key all; rpc, filter, order and range work', async () => {
      const alice = client(project.url, project.anon)
      const bob = client(project.url, project.anon)
      const signedUp = await alice.auth.signUp({ email: `alice-${Date.now()}@example.com`, password: PASSWORD })
      expect(signedUp.error).toBeNull()
      expect(signedUp.data.session?.access_token).toBeTruthy()
      const bobEmail = `bob-${Date.now()}@example.com`
      expect((await bob.auth.signUp({ email: bobEmail, password: PASSWORD })).error).toBeNull()
      await bob.auth.signOut()
      const signedIn = await bob.auth.signInWithPassword({ email: bobEmail, password: PASSWORD })
      expect(signedIn.error).toBeNull()
      expect(signedIn.data.user?.email).toBe(bobEmail)

      const inserted = await alice.from('todos').insert([{ task: 'write the report' }, { task: 'buy apples' }, { task: 'call the plumber' }]).select()
      expect(inserted.error).toBeNull()
      expect(inserted.data?.every((t) => t.user_id === signedUp.data.user!.id)).toBe(true)
      expect((await bob.from('todos').insert({ task: 'walk the dog' })).error).toBeNull()
      // Row level security: a todo for someone else is refused.
      const forged = await bob.from('todos').insert({ task: 'not mine at all', user_id: signedUp.data.user!.id })
      expect(forged.error?.code).toBe('42501')

      const mine = await alice.from('todos').select('task, user_id').order('task')
      expect(mine.data?.map((t) => t.task)).toEqual(['buy apples', 'call the plumber', 'write the report'])
      expect((await bob.from('todos').select('task')).data).toEqual([{ task: 'walk the dog' }])
      expect((await client(project.url, project.anon).from('todos').select('*')).data).toEqual([])
      expect((await client(project.url, project.service).from('todos').select('*')).data).toHaveLength(4)

      const filtered = await alice.from('todos').select('task').ilike('task', '%the%').order('task', { ascending: false }).range(0, 0)
      expect(filtered.data).toEqual([{ task: 'write the report' }])
      expect((await alice.rpc('todo_count')).data).toBe(3)
      expect((await bob.rpc('todo_count')).data).toBe(1)

      const user = await alice.auth.getUser()
      expect(user.data.user?.id).toBe(signedUp.data.user!.id)
      // The users are the project's: in its auth.users, not the platform's.
      const stored = await rowsOf(tp, owner, project.ref, `select email from auth.users order by email`)
      expect(stored.map((r) => r.email)).toEqual([signedUp.data.user!.email, bobEmail].sort())
    })
  })
}

describe.skipIf(!BACKENDS[0].enabled)('project auth: hostile callers, links, the dashboard', () => {
  let started: Started
  let tp: TestPlatform
  let owner: string
  let orgId: number
  let a: Awaited<ReturnType<typeof todoProject>>
  let b: Awaited<ReturnType<typeof todoProject>>
  const mails: Message[] = []

  const auth = (p: { url: string }, path: string, init: { method?: string; key?: string; bearer?: string; body?: unknown } = {}) =>
    fetch(`${p.url}/auth/v1${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...(init.key ? { apikey: init.key } : {}),
        ...(init.bearer ? { Authorization: `Bearer ${init.bearer}` } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    })
  const rest = (p: { url: string }, path: string, key: string, bearer?: string) => fetch(`${p.url}/rest/v1${path}`, { headers: { apikey: key, ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) } })

  async function signedUp(p: typeof a, email = `u-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`) {
    await tp.call('PATCH', `/platform/auth/${p.ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })
    const res = await auth(p, '/signup', { key: p.anon, body: { email, password: PASSWORD } })
    expect(res.status).toBe(200)
    return { email, ...((await res.json()) as { access_token: string; refresh_token: string; user: { id: string } }) }
  }

  beforeAll(async () => {
    started = await BACKENDS[0].start()
    tp = started.tp
    tp.platform.mailer.sendMail = async (message) => {
      mails.push(message)
    }
    const created = await ownerWithOrg(tp, 'Hostile Org')
    owner = created.token
    orgId = created.org.id
    a = await todoProject(tp, owner, created.org.slug)
    b = await todoProject(tp, owner, created.org.slug)
  })
  afterAll(() => started?.stop())

  it('refuses requests without a key, with a wrong key, or with another project’s key', async () => {
    expect((await auth(a, '/settings')).status).toBe(401)
    expect((await auth(a, '/settings', { key: 'not-a-key' })).status).toBe(401)
    expect((await auth(a, '/settings', { key: b.anon })).status).toBe(401)
    const settings = await auth(a, '/settings', { key: a.anon })
    expect(settings.status).toBe(200)
    expect(await settings.json()).toMatchObject({ disable_signup: false, external: { email: true } })
  })

  it("a user's token works only in its own project; tokens signed with the platform's secret or expired are refused", async () => {
    const user = await signedUp(a)
    expect((await auth(a, '/user', { key: a.anon, bearer: user.access_token })).status).toBe(200)
    expect((await auth(b, '/user', { key: b.anon, bearer: user.access_token })).status).toBe(403)
    expect((await rest(b, '/todos', b.anon, user.access_token)).status).toBe(401)
    expect((await rest(a, '/todos', a.anon, user.access_token)).status).toBe(200)

    const claims = { sub: user.user.id, role: 'authenticated', ref: a.ref, session_id: '00000000-0000-4000-8000-000000000000', aud: 'authenticated' }
    const platformSigned = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(tp.platform.jwtSecret)
    expect((await auth(a, '/user', { key: a.anon, bearer: platformSigned })).status).toBe(403)
    expect((await rest(a, '/todos', a.anon, platformSigned)).status).toBe(401)
    const [{ jwt_secret }] = await tp.platform.db.query<{ jwt_secret: string }>('select jwt_secret from project_api_settings where project_ref = $1', [a.ref])
    const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1_600_000_000).setExpirationTime(1_600_000_100).sign(new TextEncoder().encode(jwt_secret))
    expect((await auth(a, '/user', { key: a.anon, bearer: expired })).status).toBe(403)
    expect((await rest(a, '/todos', a.anon, expired)).status).toBe(401)
    // The anon key is no user's token.
    expect((await auth(a, '/user', { key: a.anon, bearer: a.anon })).status).toBe(403)
  })

  it("logs the auth service's requests made with the project's key in its edge_logs, never their query strings", async () => {
    await signedUp(a)
    expect((await auth(a, '/user?secret=hidden', { key: a.anon, bearer: 'not-a-token' })).status).toBe(403)
    expect((await auth(a, '/user', { key: 'garbage' })).status).toBe(401)
    await flushLogs(tp.platform)
    const events = (await tp.call('GET', `/platform/projects/${a.ref}/logs?source=edge_logs&limit=1000`, { token: owner })).body.events as {
      metadata: { request: { path: string }; response: { status_code: number }; key_role: string }
    }[]
    expect(events.find((e) => e.metadata.request.path === '/auth/v1/signup')).toMatchObject({ metadata: { key_role: 'anon', response: { status_code: 200 } } })
    expect(events.find((e) => e.metadata.request.path === '/auth/v1/user')).toMatchObject({ metadata: { response: { status_code: 403 } } })
    expect(JSON.stringify(events)).not.toContain('hidden')
    expect(events.some((e) => e.metadata.response.status_code === 401)).toBe(false)
  })

  it('signs users up and in while the project is in read-only mode (over its disk quota)', async () => {
    await asEngineAdmin((c) => c.query(`alter database p_${a.ref} set default_transaction_read_only = on`))
    // New sessions take the database's setting.
    await authDatabases(tp.platform).end(a.ref)
    try {
      const user = await signedUp(a)
      expect((await auth(a, '/user', { key: a.anon, bearer: user.access_token })).status).toBe(200)
    } finally {
      await asEngineAdmin((c) => c.query(`alter database p_${a.ref} reset default_transaction_read_only`))
      await authDatabases(tp.platform).end(a.ref)
    }
  })

  it("answers 503 with a sentence while the project's database does not answer, and serves again once it does", async () => {
    const [{ db_location }] = await tp.platform.db.query<{ db_location: { url: string; serviceUrl: string } }>('select db_location from projects where ref = $1', [a.ref])
    // Every way in points at a port nobody listens on (the service's own login included).
    const gone = (url: string) => Object.assign(new URL(url), { port: '1' }).toString()
    await tp.platform.db.query(`update projects set db_location = $2 where ref = $1`, [
      a.ref,
      JSON.stringify({ ...db_location, url: gone(db_location.url), serviceUrl: gone(db_location.serviceUrl) }),
    ])
    try {
      const res = await auth(a, '/token?grant_type=password', { key: a.anon, body: { email: 'nobody@example.com', password: PASSWORD } })
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('5')
      expect(((await res.json()) as { msg: string }).msg).toBe("The project's database does not answer right now. Try again in a moment.")
    } finally {
      await tp.platform.db.query(`update projects set db_location = $2 where ref = $1`, [a.ref, JSON.stringify(db_location)])
    }
    expect((await auth(a, '/settings', { key: a.anon })).status).toBe(200)
    expect((await auth(a, '/token?grant_type=password', { key: a.anon, body: { email: 'nobody@example.com', password: PASSWORD } })).status).toBe(400)
  })

  it('the admin API takes the service key only', async () => {
    expect((await auth(a, '/admin/users', { key: a.anon })).status).toBe(403)
    const user = await signedUp(a)
    expect((await auth(a, '/admin/users', { key: a.anon, bearer: user.access_token })).status).toBe(403)
    const listed = await auth(a, '/admin/users', { key: a.service, bearer: a.service })
    expect(listed.status).toBe(200)
    expect(((await listed.json()) as { users: { id: string }[] }).users.map((u) => u.id)).toContain(user.user.id)
    expect((await auth(a, '/admin/users', { key: b.service, bearer: b.service })).status).toBe(401)
    expect((await auth(a, '/admin/users', { key: a.service, bearer: b.service })).status).toBe(403)
  })

  it('a sign-up racing another one of the same address is told the user exists, not a server error', async () => {
    await tp.call('PATCH', `/platform/auth/${a.ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })
    const email = `race-${Date.now()}@example.com`
    // The auth schema complete first: completing it waits for every open transaction on auth.users.
    expect((await auth(a, '/settings', { key: a.anon })).status).toBe(200)
    // The other sign-up: its row inserted and not yet committed when this one looks the address up.
    const [{ db_location }] = await tp.platform.db.query<{ db_location: { url: string } }>('select db_location from projects where ref = $1', [a.ref])
    const other = new pg.Client({ connectionString: db_location.url })
    await other.connect()
    try {
      await other.query('begin')
      await other.query(`insert into auth.users (email) values ($1)`, [email])
      const racing = auth(a, '/signup', { key: a.anon, body: { email, password: PASSWORD } })
      // Committed once the racing insert waits on the unique index.
      let waiting = 0
      for (let i = 0; i < 400 && !waiting; i++) {
        // As the server's superuser: the auth service's session is the platform's own login.
        const { rows } = await asEngineAdmin((c) =>
          c.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query like 'insert into auth.users%'`,
            [`p_${a.ref}`]
          )
        )
        waiting = rows[0].n
        if (!waiting) await new Promise((r) => setTimeout(r, 25))
      }
      expect(waiting).toBe(1)
      await other.query('commit')
      const res = await racing
      expect(res.status).toBe(422)
      expect(((await res.json()) as { error_code: string }).error_code).toBe('user_already_exists')
    } finally {
      await other.end()
    }
  })

  it("a project whose auth schema kept refresh tokens themselves (version 1) keeps only their digests after the upgrade, and its sessions go on", async () => {
    const user = await signedUp(a)
    const digest = (value: string) => createHash('sha256').update(value).digest('hex')
    await rowsOf(
      tp,
      owner,
      a.ref,
      `alter table auth.refresh_tokens add column token text, add column parent text;
       update auth.refresh_tokens set token = case when token_hash = '${digest(user.refresh_token)}' then '${user.refresh_token}' else 'old-' || id end;
       alter table auth.refresh_tokens drop column token_hash, drop column parent_hash, alter column token set not null, add unique (token);
       comment on schema auth is 'The project''s users and their sessions (auth service, version 1).'`
    )
    await authDatabases(tp.platform).end(a.ref)
    const refreshed = await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: user.refresh_token } })
    expect(refreshed.status).toBe(200)
    const columns = await rowsOf(tp, owner, a.ref, `select column_name from information_schema.columns where table_schema = 'auth' and table_name = 'refresh_tokens' order by 1`)
    expect(columns.map((c) => c.column_name)).toEqual(expect.arrayContaining(['token_hash', 'parent_hash']))
    expect(columns.map((c) => c.column_name)).not.toContain('token')
    const [{ n }] = await rowsOf(tp, owner, a.ref, `select count(*)::int as n from auth.refresh_tokens where parent_hash = '${digest(user.refresh_token)}'`)
    expect(n).toBe(1)
  })

  it('a refresh token is replaced at each use; used again a moment later it gets a token of its own, later it ends the session', async () => {
    const user = await signedUp(a)
    const first = await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: user.refresh_token } })
    expect(first.status).toBe(200)
    const next = (await first.json()) as { access_token: string; refresh_token: string }
    expect(next.refresh_token).not.toBe(user.refresh_token)
    // Two tabs refreshing at once: the second gets a new token too, and both work.
    const twin = await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: user.refresh_token } })
    expect(twin.status).toBe(200)
    const twinToken = ((await twin.json()) as { refresh_token: string }).refresh_token
    expect([user.refresh_token, next.refresh_token]).not.toContain(twinToken)
    const digest = (value: string) => createHash('sha256').update(value).digest('hex')
    const [{ n }] = await rowsOf(tp, owner, a.ref, `select count(*)::int as n from auth.refresh_tokens where parent_hash = '${digest(user.refresh_token)}' and not revoked`)
    expect(n).toBe(2)
    // A minute after the first exchange, the spent token ends the session (the tokens of both tabs with it).
    await rowsOf(tp, owner, a.ref, `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token_hash = '${digest(user.refresh_token)}'`)
    const again = await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: user.refresh_token } })
    expect(again.status).toBe(400)
    expect(((await again.json()) as { error_code: string }).error_code).toBe('refresh_token_already_used')
    expect((await auth(a, '/user', { key: a.anon, bearer: next.access_token })).status).toBe(403)
    expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: next.refresh_token } })).status).toBe(400)
    expect((await auth(a, '/token?grant_type=refresh_token', { key: a.anon, body: { refresh_token: twinToken } })).status).toBe(400)
  })

  it('with confirmations on, a sign-up gets no session until its mailed link is followed, which leads only to allowed addresses', async () => {
    await tp.call('PATCH', `/platform/auth/${a.ref}/config`, { token: owner, body: { mailer_autoconfirm: false, site_url: 'https://app.example.com' } })
    const email = `confirm-${Date.now()}@example.com`
    const res = await auth(a, '/signup?redirect_to=https://evil.example.net/steal', { key: a.anon, body: { email, password: PASSWORD } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { access_token?: string; confirmation_sent_at?: string }
    expect(body.access_token).toBeUndefined()
    expect(body.confirmation_sent_at).toBeTruthy()
    const refused = await auth(a, '/token?grant_type=password', { key: a.anon, body: { email, password: PASSWORD } })
    expect(((await refused.json()) as { error_code: string }).error_code).toBe('email_not_confirmed')
    const mail = mails.findLast((m) => m.to === email)!
    const mailed = /https?:\/\/\S+\/verify\?\S+/.exec(mail.text)![0]
    // At the platform's fixed origin (no SITE_URL here: this machine's), never the request's Host.
    expect(mailed.startsWith(`${new URL(tp.platform.config.auth.issuer).origin}/p/${a.ref}/auth/v1/verify?`)).toBe(true)
    const link = atTestServer(tp, mailed)
    const followed = await fetch(link, { redirect: 'manual' })
    expect(followed.status).toBe(303)
    const location = followed.headers.get('location')!
    expect(location.startsWith('https://app.example.com#access_token=')).toBe(true)
    // Used once only.
    expect((await fetch(link, { redirect: 'manual' })).headers.get('location')).toContain('error_code=otp_expired')
    expect((await auth(a, '/token?grant_type=password', { key: a.anon, body: { email, password: PASSWORD } })).status).toBe(200)
    // The code in the same kind of mail works once too (a recovery here).
    expect((await auth(a, '/recover', { key: a.anon, body: { email } })).status).toBe(200)
    const code = /code: (\d{6})/.exec(mails.findLast((m) => m.to === email)!.text)![1]
    expect((await auth(a, '/verify', { key: a.anon, body: { type: 'recovery', email, token: code } })).status).toBe(200)
    expect((await auth(a, '/verify', { key: a.anon, body: { type: 'recovery', email, token: code } })).status).toBe(403)
  })

  it('the dashboard lists, searches, creates, bans and deletes users by role, and sign-ins count as monthly active users', async () => {
    const reader = await memberOf(tp, orgId, 'Read-only')
    const developer = await memberOf(tp, orgId, 'Developer')
    const made = await tp.call('POST', `/platform/auth/${b.ref}/users`, { token: developer, body: { email: 'Carol@Example.com', password: PASSWORD } })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ email: 'carol@example.com', providers: ['email'] })
    expect(made.body.email_confirmed_at).toBeTruthy()
    expect((await tp.call('POST', `/platform/auth/${b.ref}/users`, { token: developer, body: { email: 'carol@example.com' } })).status).toBe(422)
    expect((await tp.call('POST', `/platform/auth/${b.ref}/users`, { token: reader, body: { email: 'dave@example.com' } })).status).toBe(403)
    expect((await tp.call('GET', `/platform/auth/${b.ref}/users`, { token: reader })).status).toBe(200)
    for (let i = 0; i < 3; i++) await tp.call('POST', `/platform/auth/${b.ref}/users`, { token: owner, body: { email: `page-${i}@example.com` } })
    const page = await tp.call('GET', `/platform/auth/${b.ref}/users?per_page=2&page=2`, { token: owner })
    expect(page.body.total).toBe(4)
    expect(page.body.users).toHaveLength(2)
    const search = await tp.call('GET', `/platform/auth/${b.ref}/users?keywords=CAROL`, { token: owner })
    expect(search.body.users.map((u: { email: string }) => u.email)).toEqual(['carol@example.com'])
    expect((await tp.call('GET', `/platform/auth/${b.ref}/users?keywords=%25`, { token: owner })).body.total).toBe(0)

    const carol = client(b.url, b.anon)
    expect((await carol.auth.signInWithPassword({ email: 'carol@example.com', password: PASSWORD })).error).toBeNull()
    const [{ n }] = await tp.platform.db.query<{ n: number }>('select count(*)::int as n from usage_active_users where organization_id = $1 and user_id = $2', [orgId, made.body.id])
    expect(n).toBe(1)

    const banned = await tp.call('PATCH', `/platform/auth/${b.ref}/users/${made.body.id}`, { token: owner, body: { ban_duration: '24h' } })
    expect(banned.status).toBe(200)
    expect(new Date(banned.body.banned_until).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
    // Banned: no new sign-in, and the session it had is over.
    const refused = await client(b.url, b.anon).auth.signInWithPassword({ email: 'carol@example.com', password: PASSWORD })
    expect(refused.error?.code).toBe('user_banned')
    expect((await carol.auth.getUser()).error).not.toBeNull()
    expect((await tp.call('PATCH', `/platform/auth/${b.ref}/users/${made.body.id}`, { token: owner, body: { ban_duration: 'forever' } })).status).toBe(400)
    await tp.call('PATCH', `/platform/auth/${b.ref}/users/${made.body.id}`, { token: owner, body: { ban_duration: 'none' } })
    expect((await client(b.url, b.anon).auth.signInWithPassword({ email: 'carol@example.com', password: PASSWORD })).error).toBeNull()

    const invited = await tp.call('POST', `/platform/auth/${b.ref}/invite`, { token: owner, body: { email: 'erin@example.com' } })
    expect(invited.status).toBe(201)
    expect(invited.body.invited_at).toBeTruthy()
    expect(mails.findLast((m) => m.to === 'erin@example.com')?.text).toContain('type=invite')
    expect((await tp.call('POST', `/platform/auth/${b.ref}/recover`, { token: owner, body: { email: 'carol@example.com' } })).status).toBe(204)

    expect((await tp.call('DELETE', `/platform/auth/${b.ref}/users/${made.body.id}`, { token: owner })).status).toBe(204)
    expect((await tp.call('DELETE', `/platform/auth/${b.ref}/users/${made.body.id}`, { token: owner })).status).toBe(404)
    expect((await client(b.url, b.anon).auth.signInWithPassword({ email: 'carol@example.com', password: PASSWORD })).error?.code).toBe('invalid_credentials')
  })

  it("anon and authenticated cannot read the auth schema's tables through the data API or SQL of their own", async () => {
    const user = await signedUp(a)
    const res = await fetch(`${a.url}/rest/v1/users`, { headers: { apikey: a.anon, Authorization: `Bearer ${user.access_token}`, 'Accept-Profile': 'auth' } })
    expect(res.status).toBe(406)
    const grants = await rowsOf(tp, owner, a.ref, `select has_table_privilege('authenticated', 'auth.users', 'select') as a, has_table_privilege('anon', 'auth.refresh_tokens', 'select') as b`)
    expect(grants).toEqual([{ a: false, b: false }])
  })
})
