// @vitest-environment node
/**
 * Read-only mode: a Free project filled past a lowered database quota (FREE_DATABASE_QUOTA_BYTES)
 * goes read-only at the next usage sample: its writes through the SQL endpoint are refused with a
 * sentence saying why and what to do (not PostgreSQL's bare read-only error), reads still work,
 * and the project's answer carries it; the data API, whose sessions were open before, refuses
 * writes too. It holds whatever a client asks for: the project's role, and the roles it made, have
 * no CONNECT meanwhile. Writes allowed for a while (an Owner's choice) and the data dropped, the
 * next sample makes it writable; so does an upgrade to a plan whose quota the database fits.
 */
import pg from 'pg'
import { appClient } from '../helpers/supabase-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, organizationOnPlan, ownerWithOrg, runSql, statusOf } from '../helpers/project-backends'

const QUOTA = 24 * 1024 * 1024
/** About 30 MB of rows that do not compress (each value under the size PostgreSQL compresses). */
const FILL = `create table big as select g as id, repeat(md5(g::text), 30) as body from generate_series(1, 30000) g`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`read-only mode: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let org: { id: number; slug: string }
    let ref: string
    const madeRole = `ro_mode_${Date.now()}`

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start({ freeDatabaseQuotaBytes: QUOTA }))
      ;({ token: owner, org } = await ownerWithOrg(tp, 'Read-only Mode Org'))
      ref = await activeProject(tp, owner, org.slug)
      expect((await tp.call('PATCH', `/platform/auth/${ref}/config`, { token: owner, body: { mailer_autoconfirm: true } })).status).toBe(200)
    })
    afterAll(async () => stop?.())

    const sample = () => sampleUsage(tp.platform, { organizationId: org.id })
    /** A request to the project's data API with its service key. */
    const rest = async (method: string, path: string, body?: unknown) => {
      const key = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body.service_role_key
      return fetch(`${tp.url}/p/${ref}/rest/v1/${path}`, {
        method,
        headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    }
    const detail = async () => (await tp.call('GET', `/platform/projects/${ref}`, { token: owner })).body
    /** An app's client of the project, with its anon key. */
    const app = async () => {
      const keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings?reveal=true`, { token: owner })).body
      return appClient(keys.url, keys.anon_key)
    }
    let aliceToken = ''
    const alice = { email: `alice-${Date.now()}@example.com`, password: 'a fine long password' }
    /** Rows a trigger of the project's own on its users wrote: one per sign-up or sign-in. */
    const triggered = async () => (await runSql(tp, owner, ref, 'select count(*)::int as n from public.user_events')).body.results[0].rows[0].n as number

    it('a project under its quota stays writable', async () => {
      // A login role of the project's own, with CONNECT from its role (what read-only mode takes and gives back).
      expect((await runSql(tp, owner, ref, `create role ${madeRole} login password 'made-by-the-project-1'; grant connect on database p_${ref} to ${madeRole}`)).status).toBe(200)
      await sample()
      expect(await detail()).toMatchObject({ read_only: false, read_only_note: null })
      expect((await runSql(tp, owner, ref, 'create table notes (id int primary key, body text)')).status).toBe(200)
      // The data API runs, with its sessions open, before the project goes read-only.
      expect((await rest('POST', 'notes', { id: 100, body: 'via the data API' })).status).toBe(201)
      // The auth service writes the project's users, where a trigger of the project's may write more.
      const triggerSql = `create table public.user_events (at timestamptz default now());
        create function public.user_event() returns trigger language plpgsql as $$ begin insert into public.user_events default values; return new; end $$;
        create trigger user_event after insert or update on auth.users for each row execute function public.user_event()`
      expect((await runSql(tp, owner, ref, triggerSql)).status).toBe(200)
      const signedUp = await (await app()).auth.signUp(alice)
      expect(signedUp.error).toBeNull()
      aliceToken = signedUp.data.session!.access_token
      expect(await triggered()).toBeGreaterThan(0)
    })

    it('past the quota: writes refused with a sentence, reads work, the project says so; cleaned up: writable again', async () => {
      expect((await runSql(tp, owner, ref, FILL)).status).toBe(200)
      await sample()
      const project = await detail()
      expect(project.read_only).toBe(true)
      expect(project.read_only_note).toMatch(/^The database uses .+; the Free plan includes 24 MB per project\.$/)
      const [row] = await tp.platform.db.query<{ at: Date | null }>('select read_only_at as at from projects where ref = $1', [ref])
      expect(row.at).not.toBeNull()

      const write = await runSql(tp, owner, ref, `insert into notes values (1, 'a')`)
      expect(write.status, JSON.stringify(write.body)).toBe(409)
      expect(write.body.message).toMatch(/^This project is in read-only mode because its database is larger than its plan includes: INSERT is not allowed\. The database uses /)
      expect(write.body.message).toContain('or upgrade the plan')
      expect(write.body.message).not.toMatch(/^cannot execute/)
      const apiWrite = await rest('POST', 'notes', { id: 101, body: 'refused' })
      expect(apiWrite.status).toBe(409)
      expect((await apiWrite.json()).message).toMatch(/^This project is in read-only mode because its database is larger than its plan includes\. The database uses /)
      expect((await rest('GET', 'notes?select=id')).status).toBe(200)
      const read = await runSql(tp, owner, ref, 'select count(*)::int as n from big')
      expect(read.status).toBe(200)
      expect(read.body.results[0].rows).toEqual([{ n: 30000 }])

      // It holds, whatever the SQL asks for: in the SQL editor, and for the project's own clients.
      for (const sql of [`begin read write; insert into notes values (1, 'a'); commit`, `set default_transaction_read_only = off; insert into notes values (1, 'a')`]) {
        const escaped = await runSql(tp, owner, ref, sql)
        expect(escaped.status, `${sql}: ${JSON.stringify(escaped.body)}`).toBe(409)
      }
      const [{ db_location }] = await tp.platform.db.query<{ db_location: { url: string } }>('select db_location from projects where ref = $1', [ref])
      const direct = new pg.Client({ connectionString: db_location.url })
      direct.on('error', () => undefined)
      await expect(direct.connect()).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('permission denied for database') })
      // … nor through a login role the project made before (its CONNECT is given back later).
      const made = new URL(db_location.url)
      made.username = madeRole
      made.password = 'made-by-the-project-1'
      const viaMade = new pg.Client({ connectionString: made.toString() })
      viaMade.on('error', () => undefined)
      await expect(viaMade.connect()).rejects.toMatchObject({ code: '42501' })
      // The auth service reads its users, and writes nothing: no sign-in, no sign-up, so no trigger
      // of the project's runs in a writable transaction.
      const before = await triggered()
      const client = await app()
      const signIn = await client.auth.signInWithPassword(alice)
      expect(signIn.error?.status).toBe(409)
      expect(signIn.error?.message).toMatch(/^This project is in read-only mode because its database is larger than its plan includes: changing its users \(a sign-up, a sign-in, a new password\) is not allowed\./)
      expect((await client.auth.signUp({ email: `bob-${Date.now()}@example.com`, password: alice.password })).error?.status).toBe(409)
      expect(await triggered()).toBe(before)
      const reader = await app()
      const me = await reader.auth.getUser(aliceToken)
      expect(me.error).toBeNull()
      expect(me.data.user?.email).toBe(alice.email)
      const listed = await tp.call('GET', `/platform/auth/${ref}/users`, { token: owner })
      expect(listed.status).toBe(200)
      expect(JSON.stringify(listed.body)).toContain(alice.email)
      // The project stays healthy: the platform reads it as its own login.
      await tp.platform.scheduler.kick()
      expect((await detail()).status).toBe('ACTIVE_HEALTHY')
      // … and measured (pg_database_size asks for CONNECT of the role a session runs as).
      const measuredAt = async () => (await tp.platform.db.query<{ at: Date }>('select db_size_measured_at as at from projects where ref = $1', [ref]))[0].at.getTime()
      const measured = await measuredAt()
      await sample()
      expect(await measuredAt()).toBeGreaterThan(measured)

      // The way out the sentence names: writes allowed for a while (an Owner or Admin), then the
      // table emptied. TRUNCATE gives the space back at once; VACUUM FULL after a DELETE keeps the
      // rows some open transaction might still see, which on the busy shared test server left the size unchanged.
      const developer = await memberOf(tp, org.id, 'Developer')
      expect((await tp.call('POST', `/platform/projects/${ref}/read-only/allow-writes`, { token: developer })).status).toBe(403)
      const allowed = await tp.call('POST', `/platform/projects/${ref}/read-only/allow-writes`, { token: owner })
      expect(allowed.status).toBe(200)
      expect(allowed.body).toMatchObject({ read_only: true, read_only_writable_until: expect.any(String) })
      expect((await runSql(tp, owner, ref, 'truncate big')).status).toBe(200)
      await sample()
      expect(await detail()).toMatchObject({ read_only: false, read_only_note: null, read_only_writable_until: null })
      expect((await runSql(tp, owner, ref, `insert into notes values (1, 'a')`)).status).toBe(200)
      expect((await rest('POST', 'notes', { id: 101, body: 'written' })).status).toBe(201)
      expect((await (await app()).auth.signInWithPassword(alice)).error).toBeNull()
      // The role the project made connects again.
      const again = new pg.Client({ connectionString: made.toString() })
      await again.connect()
      await again.end()
    })

    it('ends a window of writes early when the database grows in it, and holds again when it is over', async () => {
      expect((await runSql(tp, owner, ref, `drop table if exists big; ${FILL}`)).status).toBe(200)
      await sample()
      expect((await detail()).read_only).toBe(true)
      expect((await tp.call('POST', `/platform/projects/${ref}/read-only/allow-writes`, { token: owner })).status).toBe(200)
      expect((await runSql(tp, owner, ref, `create table more as select g, repeat(md5(g::text), 30) as t from generate_series(1, 15000) g`)).status).toBe(200)
      await sample()
      const held = await detail()
      expect(held).toMatchObject({ read_only: true, read_only_writable_until: null })
      expect((await runSql(tp, owner, ref, `insert into notes values (3, 'c')`)).status).toBe(409)
      // Over: the window's end holds it again too.
      expect((await tp.call('POST', `/platform/projects/${ref}/read-only/allow-writes`, { token: owner })).status).toBe(200)
      await tp.platform.db.query(`update projects set read_only_lifted_until = now() - interval '1 second' where ref = $1`, [ref])
      await sample()
      expect((await runSql(tp, owner, ref, `insert into notes values (3, 'c')`)).status).toBe(409)
      expect((await tp.call('POST', `/platform/projects/${ref}/read-only/allow-writes`, { token: owner })).status).toBe(200)
      expect((await runSql(tp, owner, ref, 'drop table big; drop table more')).status).toBe(200)
      await sample()
      expect((await detail()).read_only).toBe(false)
    })

    it('a window of writes starts from the size measured then, not from an older sample: a later sample does not end it', async () => {
      expect((await runSql(tp, owner, ref, `drop table if exists big; ${FILL}`)).status).toBe(200)
      await sample()
      expect((await detail()).read_only).toBe(true)
      // The last sample was taken while the table was still filling: smaller than the database is now.
      const [{ quota }] = await tp.platform.db.query<{ quota: string }>('select (db_size_bytes - 16 * 1024 * 1024)::text as quota from projects where ref = $1', [ref])
      await tp.platform.db.query('update projects set db_size_bytes = $2 where ref = $1', [ref, quota])
      expect((await tp.call('POST', `/platform/projects/${ref}/read-only/allow-writes`, { token: owner })).status).toBe(200)
      await sample()
      expect((await detail()).read_only_writable_until).not.toBeNull()
      expect((await runSql(tp, owner, ref, 'drop table big')).status).toBe(200)
      await sample()
      expect((await detail()).read_only).toBe(false)
    })

    it('a restore from a backup keeps the hold: the copy opens to the platform, not to the project role', async () => {
      const backup = (await tp.call('POST', `/platform/projects/${ref}/backups`, { token: owner })).body as { id: number }
      expect((await runSql(tp, owner, ref, FILL)).status).toBe(200)
      await sample()
      expect((await detail()).read_only).toBe(true)
      expect((await tp.call('POST', `/platform/projects/${ref}/backups/${backup.id}/restore`, { token: owner })).status).toBe(202)
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
      const [{ db_location }] = await tp.platform.db.query<{ db_location: { url: string } }>('select db_location from projects where ref = $1', [ref])
      const direct = new pg.Client({ connectionString: db_location.url })
      direct.on('error', () => undefined)
      await expect(direct.connect()).rejects.toMatchObject({ code: '42501' })
      expect((await runSql(tp, owner, ref, `begin read write; insert into notes values (4, 'd'); commit`)).status).toBe(409)
      // The copy is the backup's, under the quota: the next sample gives the project its writes back.
      await sample()
      expect((await detail()).read_only).toBe(false)
      expect((await runSql(tp, owner, ref, `insert into notes values (4, 'd')`)).status).toBe(200)
      expect((await tp.call('DELETE', `/platform/projects/${ref}/backups/${backup.id}`, { token: owner })).status).toBe(200)
    })

    it("counts the project's backups with its database: copies of it on the same disk", async () => {
      const other = await activeProject(tp, owner, org.slug)
      const backup = (await tp.call('POST', `/platform/projects/${other}/backups`, { token: owner })).body as { id: number; size_bytes: number }
      await sample()
      const [{ bytes }] = await tp.platform.db.query<{ bytes: string }>('select db_size_bytes::text as bytes from projects where ref = $1', [other])
      const quota = tp.platform.config.freeDatabaseQuotaBytes
      // The database alone fits; with its backup it does not.
      tp.platform.config.freeDatabaseQuotaBytes = Number(bytes) + Math.floor(backup.size_bytes / 2)
      try {
        await sample()
        const project = (await tp.call('GET', `/platform/projects/${other}`, { token: owner })).body
        expect(project.read_only).toBe(true)
        expect(project.read_only_note).toMatch(/^The database and its backups use /)
        expect((await tp.call('DELETE', `/platform/projects/${other}/backups/${backup.id}`, { token: owner })).status).toBe(200)
        await sample()
        expect((await tp.call('GET', `/platform/projects/${other}`, { token: owner })).body.read_only).toBe(false)
      } finally {
        tp.platform.config.freeDatabaseQuotaBytes = quota
      }
      expect((await tp.call('DELETE', `/platform/projects/${other}`, { token: owner })).status).toBe(200)
    })

    it('an upgrade to a plan the database fits in makes it writable again', async () => {
      const filled = await runSql(tp, owner, ref, `drop table if exists big; ${FILL}`)
      expect(filled.status, JSON.stringify(filled.body)).toBe(200)
      await sample()
      expect((await detail()).read_only).toBe(true)
      expect((await runSql(tp, owner, ref, `insert into notes values (2, 'b')`)).status).toBe(409)
      await organizationOnPlan(tp, owner, org.slug, 'pro')
      await sample()
      expect((await detail()).read_only).toBe(false)
      expect((await runSql(tp, owner, ref, `insert into notes values (2, 'b')`)).status).toBe(200)
    })
  })
}
