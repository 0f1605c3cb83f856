// @vitest-environment node
/**
 * Connection details against the real platform: the settings name the project's own database and
 * role on its server, and `pg` connects with exactly the connection string they give (the password
 * put in); wrong passwords are refused, a changed password replaces the old one and ends the
 * sessions opened with it, the roles policy holds, and a paused project refuses connections.
 * Clients are real sessions of the server: a pool of 20 runs at once, and a client sitting in an
 * open transaction does not hold up the dashboard's SQL on the same project.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, runSql } from '../helpers/project-backends'
import { asEngineAdmin, settle } from '../helpers/test-platform'
import type { PgCluster } from '../helpers/pg-cluster'

const originalPoolQuery = pg.Pool.prototype.query

async function connect(connectionString: string) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  return client
}

/** The error a connection attempt ends with (the test fails when it connects). */
async function refusal(connectionString: string): Promise<{ code?: string; message: string }> {
  const client = new pg.Client({ connectionString })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    return error as { code?: string; message: string }
  }
  await client.end()
  throw new Error('connected, but should have been refused')
}

/** Sessions of `role` on the server, seen by its superuser. */
async function sessionsOf(role: string, where = 'true'): Promise<{ pid: number; state: string; wait_event_type: string | null }[]> {
  return asEngineAdmin(async (c) => (await c.query(`select pid, state, wait_event_type from pg_stat_activity where usename = $1 and ${where}`, [role])).rows)
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`connection details: ${backend.name}`, () => {
    let tp: TestPlatform
    let cluster: PgCluster
    let stop: () => Promise<void>
    let owner: string
    let orgId: number
    let ref: string

    const settings = async (token = owner) => tp.call('GET', `/platform/projects/${ref}/settings`, { token })
    const password = async (token = owner) => tp.call('GET', `/platform/projects/${ref}/db-password`, { token })
    /** The Connect card's URI with the revealed password (or `secret`) put in. */
    const withPassword = async (secret?: string) => {
      const { body } = await settings()
      return (body.connection_string as string).replace('[YOUR-PASSWORD]', encodeURIComponent(secret ?? (await password()).body.password))
    }

    beforeAll(async () => {
      ;({ tp, cluster, stop } = await backend.start())
      const created = await ownerWithOrg(tp)
      owner = created.token
      orgId = created.org.id
      ref = await activeProject(tp, owner, created.org.slug)
    })
    afterAll(() => stop())

    it('answers where to connect: the project’s own database and role on the server, without the password', async () => {
      const res = await settings()
      expect(res.status).toBe(200)
      const name = `p_${ref}`
      expect(res.body).toMatchObject({ ref, db_kind: 'server', db_host: '127.0.0.1', db_port: cluster.port, db_name: name, db_user: name })
      expect(res.body.connection_string).toBe(`postgresql://${name}:[YOUR-PASSWORD]@127.0.0.1:${cluster.port}/${name}`)
      expect(res.body.psql_command).toBe(`psql -h 127.0.0.1 -p ${cluster.port} -d ${name} -U ${name}`)
      const secret = (await password()).body.password as string
      expect(secret.length).toBeGreaterThanOrEqual(16)
      expect(JSON.stringify(res.body)).not.toContain(secret)
    })

    it('pg connects with exactly the Connect card’s URI; what it creates, the SQL endpoint sees', async () => {
      const client = await connect(await withPassword())
      try {
        expect((await client.query('select 1 as one, current_user as u, current_database() as db')).rows).toEqual([{ one: 1, u: `p_${ref}`, db: `p_${ref}` }])
        await client.query('create table made_over_the_wire (id int primary key, note text)')
        await client.query(`insert into made_over_the_wire values (1, 'hello')`)
        // Parameters go through the extended protocol.
        expect((await client.query('select note from made_over_the_wire where id = $1', [1])).rows).toEqual([{ note: 'hello' }])
      } finally {
        await client.end()
      }
      const res = await runSql(tp, owner, ref, 'select note from made_over_the_wire')
      expect(res.status).toBe(200)
      expect(res.body.results.at(-1).rows).toEqual([{ note: 'hello' }])
    })

    it('a pool of 20 clients runs 20 queries at once, each in a session of its own', async () => {
      const uri = await withPassword()
      // A barrier: every query waits for a lock the blocker holds, so all 20 must be running at
      // the same time before any of them can answer.
      const blocker = await connect(uri)
      const pool = new pg.Pool({ connectionString: uri, max: 20 })
      try {
        await blocker.query('select pg_advisory_lock(4242)')
        const queries = Array.from({ length: 20 }, () =>
          pool.query<{ pid: number }>('select pg_advisory_xact_lock_shared(4242), pg_sleep(0.2), pg_backend_pid() as pid')
        )
        const waiting = `wait_event_type = 'Lock' and query like '%pg_advisory_xact_lock_shared%'`
        while ((await sessionsOf(`p_${ref}`, waiting)).length < 20) await new Promise((r) => setTimeout(r, 50))
        await blocker.query('select pg_advisory_unlock(4242)')
        const pids = (await Promise.all(queries)).map((r) => r.rows[0].pid)
        expect(new Set(pids).size).toBe(20)
      } finally {
        await pool.end()
        await blocker.end()
      }
    })

    it('a client idle in an open transaction holding a row lock does not hold up the dashboard’s SQL', async () => {
      expect((await runSql(tp, owner, ref, `create table counters (id int primary key, n int); insert into counters values (1, 1)`)).status).toBe(200)
      const client = await connect(await withPassword())
      client.on('error', () => undefined)
      try {
        await client.query('begin')
        await client.query('update counters set n = 2 where id = 1')
        await client.query('select n from counters where id = 1 for update')
        const [session] = await sessionsOf(`p_${ref}`, `pid = ${(await client.query('select pg_backend_pid() as pid')).rows[0].pid}`)
        expect(session.state).toBe('idle in transaction')
        // The dashboard reads the row the client holds locked: it answers, with the committed value.
        const res = await runSql(tp, owner, ref, 'select n from counters where id = 1')
        expect(res.status).toBe(200)
        expect(res.body.results.at(-1).rows).toEqual([{ n: 1 }])
        // And runs statements of its own beside it.
        expect((await runSql(tp, owner, ref, 'create table beside_the_transaction (id int); select count(*)::int as c from beside_the_transaction')).body.results.at(-1).rows).toEqual([{ c: 0 }])
        // The client's transaction is still open, untouched by the dashboard's runs.
        expect((await client.query('select n from counters where id = 1')).rows).toEqual([{ n: 2 }])
        await client.query('commit')
      } finally {
        await client.end()
      }
      expect((await runSql(tp, owner, ref, 'select n from counters where id = 1')).body.results.at(-1).rows).toEqual([{ n: 2 }])
    })

    it('a client that leaves mid-transaction is rolled back; its session settings never reach the dashboard', async () => {
      const show = `select current_setting('search_path') as path, current_setting('statement_timeout') as t`
      const before = (await runSql(tp, owner, ref, show)).body.results.at(-1).rows
      const client = await connect(await withPassword())
      await client.query('create table left_behind (n int)')
      await client.query(`set search_path = pg_catalog`)
      // Not the dashboard's value, and long enough for the insert below on a busy machine.
      await client.query(`set statement_timeout = 98765`)
      await client.query('begin')
      await client.query('insert into public.left_behind values (1)')
      expect((await runSql(tp, owner, ref, show)).body.results.at(-1).rows).toEqual(before)
      await client.end()
      const res = await runSql(tp, owner, ref, 'select count(*)::int as c from left_behind')
      expect(res.status).toBe(200)
      expect(res.body.results.at(-1).rows).toEqual([{ c: 0 }])
    })

    it('refuses a wrong password', async () => {
      const error = await refusal(await withPassword('not-the-password-at-all'))
      expect(error.code).toBe('28P01')
    })

    it('a changed password replaces the old one and ends its sessions; concurrent changes leave the last one working', async () => {
      const old = await withPassword()
      const next = 'A-new-password-0123456789'
      const openBefore = await connect(old)
      const openEnded = new Promise((resolve) => openBefore.on('error', resolve))
      // Statements the platform sends never carry the password (a server logs them).
      const sent: string[] = []
      const poolQuery = vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
        if (typeof args[0] === 'string') sent.push(args[0])
        return (originalPoolQuery as (...a: unknown[]) => unknown).apply(this, args) as never
      })
      try {
        expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: next } })).status).toBe(204)
      } finally {
        poolQuery.mockRestore()
      }
      expect(sent.some((text) => text.includes(next))).toBe(false)
      // A connection opened with the old password does not outlive the change.
      await openEnded
      await openBefore.end().catch(() => undefined)
      expect((await password()).body.password).toBe(next)
      expect((await refusal(old)).code).toBe('28P01')
      const client = await connect(await withPassword(next))
      expect((await client.query('select 2 as two')).rows).toEqual([{ two: 2 }])
      await client.end()

      const candidates = ['first-concurrent-pw-1', 'second-concurrent-pw-2', 'third-concurrent-pw-3']
      const answers = await Promise.all(candidates.map((p) => tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: p } })))
      expect(answers.map((a) => a.status)).toEqual([204, 204, 204])
      const stored = (await password()).body.password as string
      expect(candidates).toContain(stored)
      const last = await connect(await withPassword(stored))
      await last.end()
      for (const other of candidates.filter((p) => p !== stored)) expect((await refusal(await withPassword(other))).code).toBe('28P01')
      // The platform's own SQL still reaches the database.
      expect((await runSql(tp, owner, ref, 'select 1')).status).toBe(200)
    })

    it('refuses weak or hostile passwords', async () => {
      for (const bad of ['short', 'a'.repeat(20), 'has\u0000nul-character-x', 'line\nbreak-password-x', 'x'.repeat(1025), 42]) {
        const res = await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: bad } })
        expect(res.status, String(bad)).toBe(400)
      }
    })

    it('Read-only members see the settings but not the password; outsiders see nothing', async () => {
      const reader = await memberOf(tp, orgId, 'Read-only')
      expect((await settings(reader)).status).toBe(200)
      expect((await password(reader)).status).toBe(403)
      expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: reader, body: { password: 'readers-may-not-do-this' } })).status).toBe(403)
      const developer = await memberOf(tp, orgId, 'Developer')
      expect((await password(developer)).status).toBe(200)
      expect((await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: developer, body: { password: 'developers-may-not-either' } })).status).toBe(403)
      const outsider = (await tp.signUp()).token
      await tp.call('POST', '/platform/profile', { token: outsider })
      expect((await settings(outsider)).status).toBe(404)
      expect((await password(outsider)).status).toBe(404)
    })

    it('a restart ends open sessions; the project then takes new ones', async () => {
      const connectionString = await withPassword()
      const client = await connect(connectionString)
      client.on('error', () => undefined)
      expect((await tp.call('POST', `/platform/projects/${ref}/restart`, { token: owner })).status).toBeLessThan(300)
      await settle(tp.platform)
      await expect(client.query('select 1')).rejects.toThrow()
      const again = await connect(connectionString)
      expect((await again.query('select 4 as four')).rows).toEqual([{ four: 4 }])
      await again.end()
    })

    it('a paused project refuses connections and password changes', async () => {
      const connectionString = await withPassword()
      const open = await connect(connectionString)
      open.on('error', () => undefined)
      expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner })).status).toBe(200)
      await settle(tp.platform)
      await expect(open.query('select 1')).rejects.toThrow()
      const error = await refusal(connectionString)
      expect(error.message).toMatch(/not permitted to log in|not currently accepting connections/)
      const res = await tp.call('PATCH', `/platform/projects/${ref}/db-password`, { token: owner, body: { password: 'while-paused-password' } })
      expect(res.status).toBe(409)
      expect(res.body.message).toMatch(/paused/)
    })
  })
}
