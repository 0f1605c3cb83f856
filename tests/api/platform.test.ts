// @vitest-environment node
/**
 * The platform over HTTP, as the dashboard uses it: auth, profile, organizations, projects and
 * SQL, on the embedded default (PGlite) and on a real PostgreSQL server when one can be started.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, settle, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster } from '../helpers/pg-cluster'

type Backend = { name: string; start(): Promise<{ tp: TestPlatform; stop(): Promise<void> }> }

const backends: Backend[] = [
  {
    name: 'embedded PGlite',
    async start() {
      const tp = await startTestPlatform()
      return { tp, stop: () => tp.close() }
    },
  },
]
if (pgClusterAvailable()) {
  backends.push({
    name: 'PostgreSQL server',
    async start() {
      const cluster = await startPgCluster()
      const tp = await startTestPlatform({ platformDatabaseUrl: cluster.url, projectDbServers: `*=${cluster.url}` })
      return {
        tp,
        stop: async () => {
          await tp.close()
          await cluster.stop()
        },
      }
    },
  })
}

describe.each(backends)('platform API on $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ tp, stop } = await backend.start())
  })
  afterAll(async () => stop?.())

  describe('auth (GoTrue subset)', () => {
    it('signs up, signs in, reads the user, refreshes with rotation and signs out', async () => {
      const email = `Alice-${Date.now()}@Example.com`
      const signup = await tp.call('POST', '/auth/v1/signup', { body: { email, password: 'correct horse battery staple' } })
      expect(signup.status).toBe(200)
      expect(signup.body.token_type).toBe('bearer')
      expect(signup.body.user.email).toBe(email.toLowerCase())
      expect(signup.body.user.email_confirmed_at).toBeTruthy()

      const again = await tp.call('POST', '/auth/v1/signup', { body: { email, password: 'correct horse battery staple' } })
      expect(again.status).toBe(422)
      expect(again.body.error_code).toBe('user_already_exists')

      const bad = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'wrong-password' } })
      expect(bad.status).toBe(400)
      expect(bad.body.error_code).toBe('invalid_credentials')

      const signin = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'correct horse battery staple' } })
      expect(signin.status).toBe(200)
      const user = await tp.call('GET', '/auth/v1/user', { token: signin.body.access_token })
      expect(user.status).toBe(200)
      expect(user.body.id).toBe(signup.body.user.id)

      const refreshed = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: signin.body.refresh_token } })
      expect(refreshed.status).toBe(200)
      expect(refreshed.body.refresh_token).not.toBe(signin.body.refresh_token)
      // A retry right away (a lost answer, a second tab) gets the session's current token.
      const retried = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: signin.body.refresh_token } })
      expect(retried.status).toBe(200)
      expect(retried.body.refresh_token).toBe(refreshed.body.refresh_token)
      // Later, a spent token is treated as stolen: the whole session ends.
      await tp.platform.db.query(`update refresh_tokens set revoked_at = now() - interval '1 minute' where token = $1`, [signin.body.refresh_token])
      const reused = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: signin.body.refresh_token } })
      expect(reused.status).toBe(400)
      expect(reused.body.error_code).toBe('refresh_token_already_used')
      expect((await tp.call('GET', '/auth/v1/user', { token: refreshed.body.access_token })).status).toBe(403)
      expect((await tp.call('GET', '/platform/profile', { token: refreshed.body.access_token })).status).toBe(401)
      const chain = await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: refreshed.body.refresh_token } })
      expect(chain.status).toBe(400)

      const other = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'correct horse battery staple' } })
      const logout = await tp.call('POST', '/auth/v1/logout?scope=local', { token: other.body.access_token })
      expect(logout.status).toBe(204)
      expect((await tp.call('GET', '/platform/profile', { token: other.body.access_token })).status).toBe(401)
      // The first session is untouched by a local sign-out of another one.
      expect((await tp.call('GET', '/auth/v1/user', { token: signup.body.access_token })).status).toBe(200)
    })

    it('refuses weak and missing credentials with readable messages', async () => {
      const weak = await tp.call('POST', '/auth/v1/signup', { body: { email: 'weak@example.com', password: '123' } })
      expect(weak.status).toBe(422)
      expect(weak.body.error_code).toBe('weak_password')
      // Too short, and too easy to guess (the strength score of SPEC §5).
      expect(weak.body.weak_password.reasons).toEqual(['length', 'strength'])
      const missing = await tp.call('POST', '/auth/v1/signup', { body: { email: 'x@example.com' } })
      expect(missing.status).toBe(400)
      expect(missing.body.msg).toBe('You must provide either an email or phone number and a password')
      const forged = await tp.call('GET', '/platform/profile', { token: 'not-a-jwt' })
      expect(forged.status).toBe(401)
      expect((await tp.call('GET', '/platform/projects')).status).toBe(401)
    })
  })

  describe('profile, organizations, projects', () => {
    it('creates the profile on first visit and records sign_up', async () => {
      const { token, userId } = await tp.signUp()
      const missing = await tp.call('GET', '/platform/profile', { token })
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe("User's profile not found")
      expect(missing.body.requestId).toBeTruthy()
      const created = await tp.call('POST', '/platform/profile', { token })
      expect(created.status).toBe(201)
      const profile = await tp.call('GET', '/platform/profile', { token })
      expect(profile.status).toBe(200)
      expect(profile.body.gotrue_id).toBe(userId)
      const events = await tp.platform.db.query(
        `select e.event from telemetry_events e join profiles p on p.id = e.profile_id where p.user_id = $1`,
        [userId]
      )
      expect(events.map((e) => e.event)).toEqual(['sign_up'])
      // Creating twice answers the same profile, and records nothing more.
      expect((await tp.call('POST', '/platform/profile', { token })).body.id).toBe(profile.body.id)
    })

    it('creates the profile once when two tabs ask at the same time, and gives two new users of one name their own usernames', async () => {
      const { token, userId } = await tp.signUp()
      const both = await Promise.all([1, 2, 3].map(() => tp.call('POST', '/platform/profile', { token })))
      expect(both.map((r) => r.status)).toEqual([201, 201, 201])
      expect(new Set(both.map((r) => r.body.id)).size).toBe(1)
      const signUps = await tp.platform.db.query(
        `select 1 from telemetry_events e join profiles p on p.id = e.profile_id where p.user_id = $1 and e.event = 'sign_up'`,
        [userId]
      )
      expect(signUps).toHaveLength(1)

      const local = `twin${Date.now()}`
      const twins = await Promise.all(['a.example.com', 'b.example.com', 'c.example.com'].map((domain) => tp.signUp(`${local}@${domain}`)))
      const created = await Promise.all(twins.map((t) => tp.call('POST', '/platform/profile', { token: t.token })))
      expect(created.map((r) => r.status)).toEqual([201, 201, 201])
      expect(new Set(created.map((r) => r.body.username)).size).toBe(3)
    })

    it('lists organizations sorted by name and keeps them private', async () => {
      const alice = await tp.signUp()
      const bob = await tp.signUp()
      for (const u of [alice, bob]) await tp.call('POST', '/platform/profile', { token: u.token })
      const zeta = await tp.call('POST', '/platform/organizations', { token: alice.token, body: { name: 'Zeta Corp' } })
      expect(zeta.status).toBe(201)
      expect(zeta.body.slug).toMatch(/^zeta-corp/)
      expect(zeta.body.billing_email).toBeTruthy()
      expect(zeta.body.managed_by).toBe('supabase')
      await tp.call('POST', '/platform/organizations', { token: alice.token, body: { name: 'acme' } })
      const list = await tp.call('GET', '/platform/organizations', { token: alice.token })
      expect(list.body.map((o: any) => o.name)).toEqual(['acme', 'Zeta Corp'])

      const foreign = await tp.call('GET', `/platform/organizations/${zeta.body.slug}`, { token: bob.token })
      expect(foreign.status).toBe(404)
      expect(foreign.body.message).toBe('This organization does not exist')
      expect((await tp.call('GET', '/platform/organizations', { token: bob.token })).body).toEqual([])

      const invalid = await tp.call('POST', '/platform/organizations', { token: alice.token, body: { name: '   ' } })
      expect(invalid.status).toBe(400)
      expect(invalid.body.message).toBe('Organization name is required')
      const notJson = await tp.call('POST', '/platform/organizations', { token: alice.token, rawBody: '{nope' })
      expect(notJson.status).toBe(400)
      expect(notJson.body.message).toBe('The request body is not valid JSON.')
      const permissions = await tp.call('GET', '/platform/profile/permissions', { token: alice.token })
      expect(permissions.body).toHaveLength(2)
    })

    it('creates a project that comes up, runs SQL in it, and hides it from others', async () => {
      const alice = await tp.signUp()
      const bob = await tp.signUp()
      for (const u of [alice, bob]) await tp.call('POST', '/platform/profile', { token: u.token })
      const org = (await tp.call('POST', '/platform/organizations', { token: alice.token, body: { name: 'Projects Org' } })).body

      const badRegion = await tp.call('POST', '/platform/projects', { token: alice.token, body: { name: 'x', organization_slug: org.slug, region: 'mars-1' } })
      expect(badRegion.status).toBe(400)
      expect(badRegion.body.message).toContain('Region mars-1 is not available')
      const noName = await tp.call('POST', '/platform/projects', { token: alice.token, body: { organization_slug: org.slug } })
      expect(noName.status).toBe(400)
      expect(noName.body.message).toBe('Project name is required')
      const notMine = await tp.call('POST', '/platform/projects', { token: bob.token, body: { name: 'x', organization_slug: org.slug } })
      expect(notMine.status).toBe(404)

      const created = await tp.call('POST', '/platform/projects', { token: alice.token, body: { name: 'My App', organization_slug: org.slug } })
      expect(created.status).toBe(201)
      expect(created.body.status).toBe('COMING_UP')
      expect(created.body.cloud_provider).toBe('AWS')
      expect(created.body.plan).toBe('free')
      const ref = created.body.ref
      expect(ref).toMatch(/^[a-z]{20}$/)

      await settle(tp.platform)
      const detail = await tp.call('GET', `/platform/projects/${ref}`, { token: alice.token })
      expect(detail.body.status).toBe('ACTIVE_HEALTHY')
      expect(detail.body.dbVersion).toMatch(/PostgreSQL/)
      expect(JSON.stringify(detail.body)).not.toMatch(/postgres(ql)?:\/\//)

      const list = await tp.call('GET', '/platform/projects', { token: alice.token })
      expect(list.body.map((p: any) => p.ref)).toContain(ref)
      expect((await tp.call('GET', '/platform/projects', { token: bob.token })).body).toEqual([])
      const hidden = await tp.call('GET', `/platform/projects/${ref}`, { token: bob.token })
      expect(hidden.status).toBe(404)
      expect(hidden.body.message).toBe('This project does not exist')
      expect((await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: bob.token, body: { query: 'select 1' } })).status).toBe(404)

      // pg-meta compatible: the rows of the last statement.
      const last = await tp.call('POST', `/platform/pg-meta/${ref}/query`, {
        token: alice.token,
        body: { query: 'create table notes (id int primary key, body text); insert into notes values (1, $$hi$$), (2, null); select * from notes order by id' },
      })
      expect(last.status).toBe(200)
      expect(last.body).toEqual([
        { id: 1, body: 'hi' },
        { id: 2, body: null },
      ])
      // Editor shape: every statement's result set.
      const all = await tp.call('POST', `/platform/pg-meta/${ref}/query?results=all`, {
        token: alice.token,
        body: { query: 'select 1 as a; select count(*)::int as n from notes; update notes set body = $$x$$ where id = 2' },
      })
      expect(all.status).toBe(200)
      expect(all.body.results).toHaveLength(3)
      expect(all.body.results[0].rows).toEqual([{ a: 1 }])
      expect(all.body.results[1].rows).toEqual([{ n: 2 }])
      expect(all.body.results[2].command).toBe('UPDATE')
      expect(all.body.results[2].rowCount).toBe(1)
      expect(typeof all.body.durationMs).toBe('number')

      const failed = await tp.call('POST', `/platform/pg-meta/${ref}/query?results=all`, { token: alice.token, body: { query: 'select * from nowhere' } })
      expect(failed.status).toBe(400)
      expect(failed.body.message).toContain('relation "nowhere" does not exist')
      expect(failed.body.pg.code).toBe('42P01')
      expect(failed.body.pg.position).toBe(15)
      // While the database is not serving, SQL is refused with the reason.
      await tp.platform.db.query(`update projects set status = 'RESTORING' where ref = $1`, [ref])
      const notReady = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: alice.token, body: { query: 'select 1' } })
      expect(notReady.status).toBe(409)
      expect(notReady.body.message).toContain('status RESTORING')
      await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [ref])
      const empty = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: alice.token, body: { query: '' } })
      expect(empty.status).toBe(400)
      expect(empty.body.message).toBe('query must not be empty')
    })
  })

  it('refuses what a cross-site page could send', async () => {
    const { token } = await tp.signUp()
    const post = (headers: Record<string, string>) =>
      fetch(`${tp.url}/platform/profile`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, ...headers }, body: '{}' })
    const plain = await post({ 'Content-Type': 'text/plain' })
    expect(plain.status).toBe(415)
    expect((await plain.json()).message).toBe('Send the request body as JSON (Content-Type: application/json).')
    expect((await post({ 'Content-Type': 'application/json', Origin: 'https://evil.example' })).status).toBe(403)
    expect((await post({ 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403)
    expect((await post({ 'Content-Type': 'application/json', Origin: 'null' })).status).toBe(403)
    expect((await post({ 'Content-Type': 'application/json', Origin: tp.url })).status).toBe(201)
  })

  it('answers the UTC time and unknown endpoints', async () => {
    const time = await tp.call('GET', '/get-utc-time')
    expect(Math.abs(Date.parse(time.body.utcTime) - Date.now())).toBeLessThan(60_000)
    const unknown = await tp.call('GET', '/platform/nothing-here')
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('x-request-id')).toBe(unknown.body.requestId)
  })
})
