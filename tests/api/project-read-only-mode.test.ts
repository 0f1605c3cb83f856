// @vitest-environment node
/**
 * Read-only mode: a Free project filled past a lowered database quota (FREE_DATABASE_QUOTA_BYTES)
 * goes read-only at the next usage sample: its writes through the SQL endpoint are refused with a
 * sentence saying why and what to do (not PostgreSQL's bare read-only error), reads still work,
 * and the project's answer carries it; the data API, whose sessions were open before, refuses
 * writes too. Dropping the data (after turning the session default off,
 * as the sentence says) and sampling again makes it writable; so does an upgrade to a plan whose
 * quota the database fits.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { engineUrl, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, organizationOnPlan, ownerWithOrg, runSql } from '../helpers/project-backends'

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

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start({ freeDatabaseQuotaBytes: QUOTA }))
      ;({ token: owner, org } = await ownerWithOrg(tp, 'Read-only Mode Org'))
      ref = await activeProject(tp, owner, org.slug)
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

    it('a project under its quota stays writable', async () => {
      await sample()
      expect(await detail()).toMatchObject({ read_only: false, read_only_note: null })
      expect((await runSql(tp, owner, ref, 'create table notes (id int primary key, body text)')).status).toBe(200)
      // The data API runs, with its sessions open, before the project goes read-only.
      expect((await rest('POST', 'notes', { id: 100, body: 'via the data API' })).status).toBe(201)
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
      expect(write.status).toBe(409)
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

      // A schema changed in a transaction that asks to write reaches the data API too: its reload
      // signal goes with the session's reset, in a transaction that is read-only (NOTIFY is allowed there).
      const listener = new pg.Client({ connectionString: engineUrl(`p_${ref}`), options: '-c default_transaction_read_only=off' })
      await listener.connect()
      try {
        const heard: string[] = []
        listener.on('notification', (n) => heard.push(`${n.channel}:${n.payload}`))
        await listener.query('LISTEN pgrst')
        expect((await runSql(tp, owner, ref, 'begin read write; create view note_ids as select id from notes; commit')).status).toBe(200)
        await expect
          .poll(async () => {
            await listener.query('select 1')
            return heard
          })
          .toEqual(['pgrst:reload schema'])
      } finally {
        await listener.end()
      }

      // The way out the sentence names: a transaction that asks to write empties the table.
      // TRUNCATE gives the space back at once; VACUUM FULL after a DELETE keeps the rows some open
      // transaction might still see, which on the busy shared test server left the size unchanged.
      expect((await runSql(tp, owner, ref, 'begin read write; truncate big; commit')).status).toBe(200)
      await sample()
      expect(await detail()).toMatchObject({ read_only: false, read_only_note: null })
      expect((await runSql(tp, owner, ref, `insert into notes values (1, 'a')`)).status).toBe(200)
      expect((await rest('POST', 'notes', { id: 101, body: 'written' })).status).toBe(201)
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
      expect((await runSql(tp, owner, ref, `drop table big; ${FILL}`)).status).toBe(200)
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
