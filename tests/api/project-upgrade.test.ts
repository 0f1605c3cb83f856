// @vitest-environment node
/**
 * A minor upgrade: extensions of the project's database older than the versions its server ships
 * are offered, updated while the project is UPGRADING (its sessions ended so they reconnect), and
 * recorded; a failure changes nothing and says why; a second upgrade at once, or a backup
 * meanwhile, answers 409; each upgrade is in the organization's audit log.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import { asEngineAdmin, settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

describe('upgrading a project', () => {
  let tp: TestPlatform
  let token: string
  let slug: string
  let ref: string

  const database = () => `p_${ref}`
  const sql = async (query: string) => (await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query } })).body
  const versions = async () =>
    Object.fromEntries(
      ((await sql(`select extname, extversion from pg_extension where extname in ('hstore', 'citext', 'pageinspect')`)) as { extname: string; extversion: string }[]).map(
        (e) => [e.extname, e.extversion]
      )
    )
  const status = async () => (await tp.call('GET', `/platform/projects/${ref}`, { token })).body.status as string
  const upgradeStatus = async () => (await tp.call('GET', `/platform/projects/${ref}/upgrade`, { token })).body

  beforeAll(async () => {
    tp = await startTestPlatform()
    const user = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: user.token })
    token = user.token
    const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Upgrades', tier: 'tier_pro' } })).body
    slug = org.slug
    ref = (await tp.call('POST', '/platform/projects', { token, body: { name: 'Upgraded', organization_slug: slug, plan: 'pro' } })).body.ref
    await settle(tp.platform)
  })
  afterAll(async () => tp?.close())

  it('offers nothing while every extension is current', async () => {
    const answer = await upgradeStatus()
    expect(answer).toMatchObject({ available: false, extensions: [], last: null, unavailable_reason: null })
    expect(answer.postgres).toMatch(/^\d+\.\d+/)
    const refused = await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('Nothing to upgrade: every extension of this project is at the version its server ships.')
    expect(await status()).toBe('ACTIVE_HEALTHY')
  })

  it("updates older extensions, the project's own and the platform's, ends sessions, and records it", async () => {
    // One the project made itself (a trusted extension, its own role owns it), one the platform made.
    await sql(`create extension hstore version '1.4'`)
    await asEngineAdmin(async (c) => {
      await c.query('create schema if not exists extensions')
      await c.query(`create extension citext version '1.4' schema extensions`)
    }, database())
    const offered = await upgradeStatus()
    expect(offered.available).toBe(true)
    expect(offered.extensions).toEqual([
      { name: 'citext', installed_version: '1.4', default_version: '1.6' },
      { name: 'hstore', installed_version: '1.4', default_version: '1.8' },
    ])

    // A session of the project's own: ended by the upgrade, so it reconnects to the new code.
    const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [ref])
    const session = new pg.Client({ connectionString: row.db_location.url })
    session.on('error', () => undefined)
    await session.connect()
    const { rows } = await session.query<{ pid: number }>('select pg_backend_pid() as pid')

    const started = await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
    expect(started.status).toBe(202)
    expect(started.body.status).toBe('UPGRADING')
    const again = await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
    expect(again.status).toBe(409)
    expect(again.body.message).toMatch(/already under way|being upgraded|active, healthy|Nothing to upgrade/)

    await expect.poll(status, { timeout: 60_000, interval: 100 }).toBe('ACTIVE_HEALTHY')
    expect(await versions()).toEqual({ hstore: '1.8', citext: '1.6' })
    const after = await upgradeStatus()
    expect(after.available).toBe(false)
    expect(after.last).toMatchObject({
      ok: true,
      extensions: [
        { name: 'citext', from: '1.4', to: '1.6' },
        { name: 'hstore', from: '1.4', to: '1.8' },
      ],
    })
    expect(after.last.note).toContain('Updated citext 1.4 → 1.6, hstore 1.4 → 1.8')
    const alive = await asEngineAdmin((c) => c.query('select 1 from pg_stat_activity where pid = $1', [rows[0].pid]))
    expect(alive.rowCount).toBe(0)
    await session.end().catch(() => undefined)

    const audit = (await tp.call('GET', `/platform/organizations/${slug}/audit`, { token })).body
    const entry = audit.entries.find((e: { action: string }) => e.action === 'project.upgraded')
    expect(entry).toMatchObject({ target: { type: 'project', id: ref }, details: { extensions: ['citext 1.4 → 1.6', 'hstore 1.4 → 1.8'] } })
  })

  it('changes nothing when one update fails, says why, and succeeds once the cause is gone', async () => {
    await sql(`drop extension hstore; create extension hstore version '1.4'`)
    // An extension only a superuser may update, owned by the project's role: its update is refused.
    const owner = database()
    await asEngineAdmin(async (c) => {
      await c.query(`create extension pageinspect version '1.5' schema extensions`)
      await c.query(`update pg_extension set extowner = (select oid from pg_roles where rolname = $1) where extname = 'pageinspect'`, [owner])
    }, database())
    const started = await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
    expect(started.status).toBe(202)
    await expect.poll(status, { timeout: 60_000, interval: 100 }).toBe('ACTIVE_HEALTHY')
    const failed = await upgradeStatus()
    expect(failed.last).toMatchObject({ ok: false, extensions: [] })
    expect(failed.last.note).toMatch(/^Upgrading failed at .*: .*pageinspect.* Nothing was changed/)
    expect((await tp.call('GET', `/platform/projects/${ref}`, { token })).body.status_message).toBe(failed.last.note)
    // All or nothing: hstore, updated before pageinspect failed, is as it was.
    expect(await versions()).toMatchObject({ hstore: '1.4', pageinspect: '1.5' })

    await asEngineAdmin((c) => c.query(`update pg_extension set extowner = 10 where extname = 'pageinspect'`), database())
    expect((await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })).status).toBe(202)
    await expect.poll(status, { timeout: 60_000, interval: 100 }).toBe('ACTIVE_HEALTHY')
    expect((await upgradeStatus()).last).toMatchObject({ ok: true })
    expect((await versions()).hstore).toBe('1.8')
    expect((await versions()).pageinspect).not.toBe('1.5')
    expect((await tp.call('GET', `/platform/projects/${ref}`, { token })).body.status_message).toBeNull()
  })

  it('refuses a backup while upgrading, and an upgrade while a backup is being made', async () => {
    await sql(`drop extension hstore; create extension hstore version '1.4'`)
    await tp.platform.db.query(`update projects set status = 'UPGRADING', lease_owner = 'elsewhere', lease_until = now() + interval '1 hour' where ref = $1`, [ref])
    try {
      const backup = await tp.call('POST', `/platform/projects/${ref}/backups`, { token })
      expect(backup.status).toBe(409)
      const upgrade = await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
      expect(upgrade.status).toBe(409)
      expect(upgrade.body.message).toBe('An upgrade of this project is already under way.')
    } finally {
      await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY', lease_owner = null, lease_until = null where ref = $1`, [ref])
    }
    const [pending] = await tp.platform.db.query<{ id: string }>(
      `insert into project_backups (id, project_ref, kind, database_name, lease_until)
       select n.id, $1, 'manual', 'p_' || $1 || '_bk_' || n.id, now() + interval '1 hour' from (select nextval('project_backups_id_seq') as id) n returning id`,
      [ref]
    )
    try {
      const upgrade = await tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
      expect(upgrade.status).toBe(409)
      expect(upgrade.body.message).toBe('A backup of this project is being made; upgrade once it is done.')
      expect(await status()).toBe('ACTIVE_HEALTHY')
    } finally {
      await tp.platform.db.query('delete from project_backups where id = $1', [pending.id])
    }
  })

  // Another request's upgrade, under way or just finished, ends the sessions of the database
  // while this request reads its extensions.
  for (const [meanwhile, message] of [
    ['under way', 'An upgrade of this project is already under way.'],
    ['done', 'This project was upgraded a moment ago; its upgrade status shows what was done.'],
  ] as const)
    it(`answers 409, not 503, when another request's upgrade (${meanwhile}) ends the session reading the extensions`, async () => {
      await sql(`drop extension if exists hstore; create extension hstore version '1.4'`)
      // The scenario needs the read to be seen waiting on the lock. Under load its connection can
      // time out before it gets there (the request then answers on its own): tried again, not hung.
      const attempt = () =>
        asEngineAdmin(async (admin) => {
          // The read of the extensions waits behind this lock.
          await admin.query('begin; lock table pg_catalog.pg_extension in access exclusive mode')
          try {
            let settled = false
            const asked = tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })
            const done = () => (settled = true)
            asked.then(done, done)
            let waiting: number | undefined
            while (!waiting) {
              if (settled) return null
              // A transaction keeps its first view of pg_stat_activity: cleared to see the read arrive.
              await admin.query('select pg_stat_clear_snapshot()')
              const { rows } = await admin.query<{ pid: number }>(
                `select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`
              )
              waiting = rows[0]?.pid
              if (!waiting) await new Promise((resolve) => setTimeout(resolve, 20))
            }
            if (meanwhile === 'under way')
              await tp.platform.db.query(`update projects set status = 'UPGRADING', lease_owner = 'elsewhere', lease_until = now() + interval '1 hour' where ref = $1`, [ref])
            else
              await tp.platform.db.query(`update projects set last_upgrade = jsonb_build_object('at', now()::text, 'ok', true, 'note', 'elsewhere', 'postgres', null, 'extensions', '[]'::jsonb) where ref = $1`, [ref])
            await admin.query('select pg_terminate_backend($1)', [waiting])
            return asked
          } finally {
            await admin.query('rollback')
          }
        }, database())
      let answer = await attempt()
      for (let tries = 1; !answer && tries < 3; tries++) answer = await attempt()
      if (!answer) throw new Error('The read of the extensions never waited on the lock in three tries')
      try {
        expect(answer.status).toBe(409)
        expect(answer.body.message).toBe(message)
      } finally {
        await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY', lease_owner = null, lease_until = null where ref = $1`, [ref])
      }
    })

  it('runs two upgrades asked at once one after the other, or refuses the second while the first runs, and ends healthy', async () => {
    await sql(`drop extension if exists hstore; create extension hstore version '1.4'`)
    const answers = await Promise.all([1, 2].map(() => tp.call('POST', `/platform/projects/${ref}/upgrade`, { token })))
    expect(answers.map((a) => a.status)).toContain(202)
    for (const answer of answers) expect([202, 409]).toContain(answer.status)
    await settle(tp.platform)
    expect(await status()).toBe('ACTIVE_HEALTHY')
    expect((await versions()).hstore).not.toBe('1.4')
  })
})
