// @vitest-environment node
/**
 * A project's whole life on its server: pause (the database closed, SQL answers 409), restore
 * (data intact), restart (sessions ended), delete (the database and its roles really gone, the
 * project 404); transitions that
 * make no sense answer 409; a transition left behind by a stopped server is picked up again.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import { settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, runSql, statusOf } from '../helpers/project-backends'
import type { PgCluster } from '../helpers/pg-cluster'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`project lifecycle: ${backend.name}`, () => {
    let tp: TestPlatform
    let cluster: PgCluster
    let stop: () => Promise<void>
    let token: string
    let orgSlug: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, cluster, stop } = await backend.start())
      const owner = await ownerWithOrg(tp)
      token = owner.token
      orgSlug = owner.org.slug
      // Paid plan: the Free plan's limit is another test's business.
      ref = await activeProject(tp, token, orgSlug, { plan: 'pro' })
      const made = await runSql(tp, token, ref, 'create table notes (id serial primary key, body text); insert into notes (body) values (\'kept\'), (\'safe\')')
      expect(made.status).toBe(200)
    })
    afterAll(async () => stop?.())

    const action = (verb: 'pause' | 'restore' | 'restart', target = ref) => tp.call('POST', `/platform/projects/${target}/${verb}`, { token })
    const detail = (target = ref) => tp.call('GET', `/platform/projects/${target}`, { token })
    async function location(target = ref): Promise<ProjectDbLocation> {
      const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [target])
      return row.db_location
    }
    /** Whether the project's own role can open a connection to its database. */
    async function canConnect(url: string): Promise<boolean> {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
      client.on('error', () => undefined)
      try {
        await client.connect()
        await client.end()
        return true
      } catch {
        return false
      }
    }

    /** The project's database and roles on the server (the role's `_ro` twin too). */
    async function onServer(target: string) {
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      try {
        const dbs = await admin.query<{ datname: string }>('select datname from pg_database where datname = $1', [`p_${target}`])
        const roles = await admin.query<{ rolname: string }>('select rolname from pg_roles where rolname in ($1, $2)', [`p_${target}`, `p_${target}_ro`])
        return { databases: dbs.rows.map((r) => r.datname), roles: roles.rows.map((r) => r.rolname) }
      } finally {
        await admin.end()
      }
    }

    it('pauses: PAUSING at once, then INACTIVE, the database closed and SQL refused with 409', async () => {
      const loc = await location()
      const res = await action('pause')
      expect(res.status).toBe(200)
      expect(res.body.status).toBe('PAUSING')
      await settle(tp.platform)
      expect((await detail()).body).toMatchObject({ status: 'INACTIVE', postgrestStatus: 'OFFLINE' })
      expect(await canConnect(loc.url)).toBe(false)
      const sql = await runSql(tp, token, ref, 'select 1')
      expect(sql.status).toBe(409)
      expect(sql.body.message).toContain('paused')
    })

    it('refuses transitions that make no sense with 409 and says why', async () => {
      const again = await action('pause')
      expect(again.status).toBe(409)
      expect(again.body.message).toBe('This project is already paused.')
      const restart = await action('restart')
      expect(restart.status).toBe(409)
      expect(restart.body.message).toContain('Only an active project can be restarted')
      expect(await statusOf(tp, ref)).toBe('INACTIVE')
    })

    it('restores with the data intact', async () => {
      const res = await action('restore')
      expect(res.status).toBe(200)
      expect(res.body.status).toBe('RESTORING')
      await settle(tp.platform)
      expect((await detail()).body.status).toBe('ACTIVE_HEALTHY')
      const rows = await runSql(tp, token, ref, 'select body from notes order by id')
      expect(rows.status).toBe(200)
      expect(rows.body.results[0].rows).toEqual([{ body: 'kept' }, { body: 'safe' }])
      const restore = await action('restore')
      expect(restore.status).toBe(409)
      expect(restore.body.message).toContain('not paused')
    })

    it('restarts: connections ended, back to ACTIVE_HEALTHY, data intact', async () => {
      const open = new pg.Client({ connectionString: (await location()).url })
      await open.connect()
      const ended = new Promise<Error>((resolve) => open.on('error', resolve))
      const res = await action('restart')
      expect(res.body.status).toBe('RESTARTING')
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
      expect((await ended).message).toMatch(/terminat/)
      await open.end().catch(() => undefined)
      const rows = await runSql(tp, token, ref, 'select count(*)::int as n from notes')
      expect(rows.body.results[0].rows).toEqual([{ n: 2 }])
    })

    it('picks up a transition a stopped server left behind', async () => {
      // As if an instance had claimed the pause and died: its lease has run out.
      await tp.platform.db.query(
        `update projects set status = 'PAUSING', lease_owner = 'gone', lease_until = now() - interval '1 second' where ref = $1`,
        [ref]
      )
      tp.platform.scheduler.kick()
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('INACTIVE')
      await action('restore')
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    })

    it('carries out a transition whose row another transaction held when it was asked for', async () => {
      // As a health check or a usage sample holding the row a moment: the claim skips locked rows.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      let locked!: () => void
      const isLocked = new Promise<void>((resolve) => (locked = resolve))
      await tp.platform.db.query(`update projects set status = 'PAUSING', lease_owner = null, lease_until = null where ref = $1`, [ref])
      const holder = tp.platform.db.transaction(async (tx) => {
        await tx.query(`select 1 from projects where ref = $1 for update`, [ref])
        locked()
        await held
      })
      await isLocked
      tp.platform.scheduler.kick()
      setTimeout(release, 300)
      await holder
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('INACTIVE')
      await action('restore')
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    })

    it('leaves a transition alone while another instance holds its lease', async () => {
      await tp.platform.db.query(`update projects set status = 'RESTARTING', lease_owner = 'other', lease_until = now() + interval '1 minute' where ref = $1`, [ref])
      tp.platform.scheduler.kick()
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('RESTARTING')
      await tp.platform.db.query(`update projects set lease_until = now() - interval '1 second' where ref = $1`, [ref])
      tp.platform.scheduler.kick()
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    })

    it('deletes: the database is dropped for real and the project answers 404', async () => {
      const loc = await location()
      expect(await onServer(ref)).toEqual({ databases: [`p_${ref}`], roles: expect.arrayContaining([`p_${ref}`, `p_${ref}_ro`]) })
      const res = await tp.call('DELETE', `/platform/projects/${ref}`, { token })
      expect(res.status).toBe(200)
      expect(res.body.status).toBe('GOING_DOWN')
      await settle(tp.platform)
      expect(await statusOf(tp, ref)).toBe('REMOVED')
      expect((await detail()).status).toBe(404)
      const list = (await tp.call('GET', '/platform/projects', { token })).body as { ref: string }[]
      expect(list.map((p) => p.ref)).not.toContain(ref)
      expect((await runSql(tp, token, ref, 'select 1')).status).toBe(404)
      expect(await onServer(ref)).toEqual({ databases: [], roles: [] })
      expect(await canConnect(loc.url)).toBe(false)
    })

    it('deletes a project whose set-up had not finished', async () => {
      const created = await tp.call('POST', '/platform/projects', { token, body: { name: 'Short-lived', organization_slug: orgSlug, plan: 'pro' } })
      const gone = await tp.call('DELETE', `/platform/projects/${created.body.ref}`, { token })
      expect(gone.status).toBe(200)
      await settle(tp.platform)
      expect(await statusOf(tp, created.body.ref)).toBe('REMOVED')
      expect(await onServer(created.body.ref)).toEqual({ databases: [], roles: [] })
    })
  })
}
