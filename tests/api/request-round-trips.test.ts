// @vitest-environment node
/**
 * What a scoped request costs the control plane before its handler runs: ONE round trip (the
 * session check and the caller's membership in the route's project or organization, in one
 * statement), on embedded PGlite and on a PostgreSQL server. And the answers that check gives are
 * the ones it always gave: an ended session, a session without the second factor its user has, a
 * project or organization that is not the caller's (404), a role that may not (403).
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { BACKENDS, activeProject, memberOf, ownerWithOrg } from '../helpers/project-backends'
import { NO_BACKGROUND_PASSES, settle, type TestPlatform } from '../helpers/test-platform'
import { authClient, newEmail, STRONG } from './auth/auth-client'

const ENDED = 'Your session has ended. Please sign in again.'
const SECOND_FACTOR = 'Enter the code from your authenticator app to finish signing in.'

describe.each(BACKENDS.filter((b) => b.enabled))('on $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let owner: string
  let org: { id: number; slug: string }
  let ref: string

  beforeAll(async () => {
    // No background pass (health checks, usage samples) while a request's statements are counted.
    ;({ tp, stop } = await backend.start(NO_BACKGROUND_PASSES))
    ;({ token: owner, org } = await ownerWithOrg(tp, 'Round Trips Org'))
    ref = await activeProject(tp, owner, org.slug)
  })
  afterAll(async () => stop?.())

  /** The control-plane queries made while `fn` runs, and how many of them came before the SQL ran. */
  async function counted<T>(fn: () => Promise<T>) {
    // What earlier requests left to do after their answer (history, activity) is done first.
    await settle(tp.platform)
    const db = tp.platform.db
    const queries = vi.spyOn(db, 'query')
    const { databases } = tp.platform
    const run = databases.run
    let beforeSql: number | null = null
    const sqlRuns = vi.spyOn(databases, 'run').mockImplementation((...args: Parameters<typeof run>) => {
      beforeSql ??= queries.mock.calls.length
      return run.apply(databases, args)
    })
    try {
      const result = await fn()
      return { result, total: queries.mock.calls.length, beforeSql, sql: queries.mock.calls.map(([sql]) => sql) }
    } finally {
      queries.mockRestore()
      sqlRuns.mockRestore()
    }
  }

  const selectOne = (token: string | undefined, projectRef = ref) =>
    tp.call('POST', `/platform/pg-meta/${projectRef}/query`, { token, body: { query: 'select 1 as one' } })

  it('select 1 through the SQL endpoint: one control-plane round trip before the SQL runs', async () => {
    await selectOne(owner) // warm: the project's connection is open
    const { result, beforeSql } = await counted(() => selectOne(owner))
    expect(result.status).toBe(200)
    expect(result.body).toEqual([{ one: 1 }])
    expect(beforeSql).toBe(1)
  })

  it('a project or an organization read by its path: one control-plane round trip in all', async () => {
    const project = await counted(() => tp.call('GET', `/platform/projects/${ref}`, { token: owner }))
    expect(project.result.status).toBe(200)
    expect(project.result.body).toMatchObject({ ref, organization_slug: org.slug })
    expect(project.total).toBe(1)
    const organization = await counted(() => tp.call('GET', `/platform/organizations/${org.slug}`, { token: owner }))
    expect(organization.result.status).toBe(200)
    expect(organization.result.body).toMatchObject({ slug: org.slug, role: 'Owner', is_owner: true })
    expect(organization.total).toBe(1)
  })

  it('a route without a scope checks the session alone, as before', async () => {
    const profile = await counted(() => tp.call('GET', '/platform/profile', { token: owner }))
    expect(profile.result.status).toBe(200)
    expect(profile.sql[0]).toMatch(/from auth_sessions s\s+where/)
  })

  it('an ended session is refused before anything else, on scoped and unscoped routes alike', async () => {
    const { token } = await (async () => {
      const signin = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email: await ownerEmail(), password: 'correct horse battery staple' } })
      return { token: signin.body.access_token as string }
    })()
    expect((await selectOne(token)).status).toBe(200)
    expect((await tp.call('POST', '/auth/v1/logout?scope=local', { token })).status).toBe(204)

    const { result, beforeSql } = await counted(() => selectOne(token))
    expect(result.status).toBe(401)
    expect(result.body).toMatchObject({ code: 401, message: ENDED })
    expect(beforeSql).toBeNull() // no SQL ran
    // Not even a project that is not there is told apart, nor a bad ref, nor a bad body.
    for (const res of [
      await selectOne(token, 'abcdefghijklmnopqrst'),
      await tp.call('POST', '/platform/pg-meta/NOT_A_REF/query', { token, body: { query: 'select 1' } }),
      await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { nothing: true } }),
      await tp.call('GET', `/platform/organizations/${org.slug}`, { token }),
      await tp.call('GET', '/platform/profile', { token }),
    ]) {
      expect(res.status).toBe(401)
      expect(res.body.message).toBe(ENDED)
    }
    // The auth service words it its own way, as before.
    const user = await tp.call('GET', '/auth/v1/user', { token })
    expect(user.status).toBe(403)
    expect(user.body.error_code).toBe('session_not_found')
  })

  it('an ended session uploads nothing: refused while its body is still being sent', async () => {
    const signin = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email: await ownerEmail(), password: 'correct horse battery staple' } })
    const token = signin.body.access_token as string
    await tp.call('POST', '/auth/v1/logout?scope=local', { token })
    const { port } = new URL(tp.url)
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        // Headers announce 5 MB; only the first bytes are ever sent.
        socket.write(
          `POST /platform/pg-meta/${ref}/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
            `Authorization: Bearer ${token}\r\nContent-Length: 5000000\r\n\r\n{"query":"select `
        )
      })
      let text = ''
      socket.on('data', (chunk) => {
        text += chunk
        if (text.includes('\r\n\r\n')) {
          socket.destroy()
          resolve(text)
        }
      })
      socket.on('error', reject)
      setTimeout(() => reject(new Error('no answer while the body was still pending')), 10_000)
    })
    expect(answer).toMatch(/^HTTP\/1\.1 401/)
  })

  it('a session without the second factor its user has (aal1) is refused; with it (aal2) it runs', async () => {
    const email = newEmail('round-trip-mfa')
    const client = authClient(tp)
    await client.signUp({ email, password: STRONG })
    const first = (await client.getSession()).data.session!.access_token
    await tp.call('POST', '/platform/profile', { token: first })
    const own = (await tp.call('POST', '/platform/organizations', { token: first, body: { name: 'MFA Org' } })).body as { slug: string }
    const mfaRef = await activeProject(tp, first, own.slug)
    const { data } = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' })
    const { id, totp } = data as { id: string; totp: { secret: string } }
    const code = new TOTP({ secret: Secret.fromBase32(totp.secret), digits: 6, period: 30 }).generate()
    expect((await client.mfa.challengeAndVerify({ factorId: id, code })).error).toBeNull()
    const aal2 = (await client.getSession()).data.session!.access_token

    const next = authClient(tp)
    await next.signInWithPassword({ email, password: STRONG })
    const aal1 = (await next.getSession()).data.session!.access_token

    const refused = await counted(() => selectOne(aal1, mfaRef))
    expect(refused.result.status).toBe(401)
    expect(refused.result.body).toMatchObject({ code: 401, message: SECOND_FACTOR })
    expect(refused.beforeSql).toBeNull()
    // Also where the project is not theirs, and on routes without a scope: the session is refused first.
    expect((await selectOne(aal1, ref)).body.message).toBe(SECOND_FACTOR)
    expect((await tp.call('GET', `/platform/organizations/${own.slug}`, { token: aal1 })).body.message).toBe(SECOND_FACTOR)
    expect((await tp.call('GET', '/platform/profile', { token: aal1 })).body.message).toBe(SECOND_FACTOR)
    // The auth service is not gated: the code can still be verified.
    expect((await tp.call('GET', '/auth/v1/user', { token: aal1 })).status).toBe(200)

    const allowed = await counted(() => selectOne(aal2, mfaRef))
    expect(allowed.result.status).toBe(200)
    expect(allowed.beforeSql).toBe(1)
  })

  it("a project or organization that is not the caller's answers 404, and runs nothing", async () => {
    const outsider = await ownerWithOrg(tp, 'Elsewhere')
    const { result, beforeSql } = await counted(() => selectOne(outsider.token))
    expect(result.status).toBe(404)
    expect(result.body).toMatchObject({ code: 404, message: 'This project does not exist' })
    expect(beforeSql).toBeNull()
    expect(JSON.stringify(result.body)).not.toContain('Round Trips Org')
    // One that does not exist at all answers the same.
    expect((await selectOne(outsider.token, 'zzzzzzzzzzzzzzzzzzzz')).body).toMatchObject({ code: 404, message: 'This project does not exist' })
    const orgRes = await tp.call('GET', `/platform/organizations/${org.slug}`, { token: outsider.token })
    expect(orgRes.status).toBe(404)
    expect(orgRes.body.message).toBe('This organization does not exist')
    // An organization named in the body (creating a project) as well.
    const create = await tp.call('POST', '/platform/projects', { token: outsider.token, body: { name: 'Not mine', organization_slug: org.slug } })
    expect(create.status).toBe(404)
    expect(create.body.message).toBe('This organization does not exist')
    // A bad body still answers 400 before the 404, as it always did.
    expect((await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: outsider.token, body: { nothing: true } })).status).toBe(400)
  })

  it('a role that may not answers 403 naming the role and the action, and changes nothing', async () => {
    const readOnly = await memberOf(tp, org.id, 'Read-only')
    const restart = await tp.call('POST', `/platform/projects/${ref}/restart`, { token: readOnly })
    expect(restart.status).toBe(403)
    expect(restart.body.message).toBe('Your role (Read-only) does not allow this (projects:update). Ask an Owner or Admin of the organization.')
    expect((await tp.call('GET', `/platform/projects/${ref}`, { token: readOnly })).body.status).toBe('ACTIVE_HEALTHY')

    const developer = await memberOf(tp, org.id, 'Developer')
    const rename = await tp.call('PATCH', `/platform/organizations/${org.slug}`, { token: developer, body: { name: 'Renamed' } })
    expect(rename.status).toBe(403)
    expect(rename.body.message).toBe('Your role (Developer) does not allow this (organizations:update). Ask an Owner or Admin of the organization.')
    const create = await tp.call('POST', '/platform/projects', { token: developer, body: { name: 'Not allowed', organization_slug: org.slug } })
    expect(create.status).toBe(403)
    expect(create.body.message).toBe('Your role (Developer) does not allow this (projects:create). Ask an Owner or Admin of the organization.')
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: owner })).body.name).toBe('Round Trips Org')

    // Read-only may run SQL (as the read-only role): one round trip before it, like everyone.
    await selectOne(readOnly) // its first run may set the read-only role up
    const { result, beforeSql } = await counted(() => selectOne(readOnly))
    expect(result.status).toBe(200)
    expect(beforeSql).toBe(1)
  })

  async function ownerEmail(): Promise<string> {
    return (await tp.call('GET', '/platform/profile', { token: owner })).body.primary_email
  }
})
