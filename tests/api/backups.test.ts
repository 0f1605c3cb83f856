// @vitest-environment node
/**
 * Backups: same-server snapshots of a project's database (a template copy into a database of the
 * backup's own), restored into the project (its database put aside, the backup copied in, the
 * old one dropped), never half-restored; concurrent operations refused with 409.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { asEngineAdmin, engineUrl, settle, type TestPlatform } from '../helpers/test-platform'
import { runBackupPass } from '@/server/backups/retention'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf, runSql, statusOf } from '../helpers/project-backends'
import { probingCreatedDatabases } from '../helpers/database-probe'

const databaseExists = (name: string) => asEngineAdmin(async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1)

describe.each(BACKENDS)('backups: $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let token: string
  let orgId: number
  let ref: string

  const backups = (path = '') => `/platform/projects/${ref}/backups${path}`
  const backUp = async () => {
    const res = await tp.call('POST', backups(), { token })
    expect(res.status).toBe(201)
    return res.body as { id: number; status: string; size_bytes: number; error: string | null }
  }
  const names = async () => (await rowsOf(tp, token, ref, 'select name from authors order by name')).map((r) => r.name)

  beforeAll(async () => {
    ;({ tp, stop } = await backend.start({ maxManualBackups: 50 }))
    const owner = await ownerWithOrg(tp, 'Backup Org')
    token = owner.token
    orgId = owner.org.id
    ref = await activeProject(tp, token, owner.org.slug, { plan: 'pro' })
    const made = await runSql(tp, token, ref, `create table authors (id serial primary key, name text not null); insert into authors (name) values ('Ada'), ('Grace')`)
    expect(made.status).toBe(200)
  })
  afterAll(async () => stop?.())

  it('backs up, and restores the rows deleted since', async () => {
    const backup = await backUp()
    expect(backup).toMatchObject({ status: 'completed', error: null })
    expect(backup.size_bytes).toBeGreaterThan(0)
    const list = (await tp.call('GET', backups(), { token })).body
    expect(list).toMatchObject({ retention_days: 7, daily: true })
    expect(list.backups[0]).toMatchObject({ id: backup.id, kind: 'manual', status: 'completed' })

    expect((await runSql(tp, token, ref, `delete from authors; insert into authors (name) values ('Linus')`)).status).toBe(200)
    expect(await names()).toEqual(['Linus'])

    const restore = await tp.call('POST', backups(`/${backup.id}/restore`), { token })
    expect(restore.status).toBe(202)
    expect(restore.body).toMatchObject({ status: 'RESTORING', backup_id: backup.id })
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    expect(await names()).toEqual(['Ada', 'Grace'])
    // New rows go on from there; the database set aside is gone; the backup is still there.
    expect((await runSql(tp, token, ref, `insert into authors (name) values ('Barbara')`)).status).toBe(200)
    expect(await databaseExists(`p_${ref}_pre_restore`)).toBe(false)
    expect(await databaseExists(`p_${ref}_bk_${backup.id}`)).toBe(true)
  })

  it("keeps the database's grants and settings, and no project role may connect to a backup", async () => {
    const backup = await backUp()
    const before = await asEngineAdmin(async (c) =>
      (await c.query(`select datacl::text[] as acl, datconnlimit from pg_database where datname = $1`, [`p_${ref}`])).rows[0]
    )
    const settings = await asEngineAdmin(async (c) =>
      (await c.query(`select s.setconfig from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = $1 and s.setrole = 0`, [`p_${ref}`])).rows
    )
    const acl = await asEngineAdmin(async (c) =>
      (await c.query(`select datacl::text as acl, datallowconn from pg_database where datname = $1`, [`p_${ref}_bk_${backup.id}`])).rows[0]
    )
    // Only the admin's own entries: nothing for PUBLIC (=…) nor the project's roles.
    expect(acl.datallowconn).toBe(false)
    expect(acl.acl).not.toMatch(/[{,]=/)
    expect(acl.acl).not.toContain(`p_${ref}`)

    expect((await tp.call('POST', backups(`/${backup.id}/restore`), { token })).status).toBe(202)
    await settle(tp.platform)
    const after = await asEngineAdmin(async (c) =>
      (await c.query(`select datacl::text[] as acl, datconnlimit from pg_database where datname = $1`, [`p_${ref}`])).rows[0]
    )
    expect([...after.acl].sort()).toEqual([...before.acl].sort())
    expect(after.datconnlimit).toBe(before.datconnlimit)
    const settingsAfter = await asEngineAdmin(async (c) =>
      (await c.query(`select s.setconfig from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase where d.datname = $1 and s.setrole = 0`, [`p_${ref}`])).rows
    )
    expect(settingsAfter).toEqual(settings)
  })

  it('keeps a backup closed from the moment it is made: no login role gets in before its grants are revoked', async () => {
    const attempts = await probingCreatedDatabases(/^CREATE DATABASE "(p_[a-z0-9_]+_bk_\d+)" TEMPLATE/, async () => {
      expect((await backUp()).status).toBe('completed')
    })
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatch(/is not currently accepting connections/)
  })

  it("opens the project's database again when the platform's session to its server is lost during the copy", async () => {
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
    let cut = 0
    // The copy's session ended by the server just as the copy starts (a restart, a network cut).
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      if (typeof args[0] !== 'string' || !/^CREATE DATABASE "p_[a-z0-9_]+_bk_\d+" TEMPLATE/.test(args[0])) return query.apply(this, args)
      const pid = (this as unknown as { processID: number }).processID
      cut += 1
      return asEngineAdmin((c) => c.query('select pg_terminate_backend($1)', [pid])).then(() => query.apply(this, args))
    } as typeof pg.Client.prototype.query)
    try {
      expect((await backUp()).status).toBe('failed')
    } finally {
      spy.mockRestore()
    }
    expect(cut).toBe(1)
    try {
      expect(await rowsOf(tp, token, ref, 'select 1 as one')).toEqual([{ one: 1 }])
    } finally {
      // The suite's project stays usable for the next tests whatever this one found.
      await asEngineAdmin((c) => c.query(`alter database "p_${ref}" allow_connections true`))
    }
  })

  it('answers 409 to the second of two restores at once', async () => {
    const backup = await backUp()
    const [a, b] = await Promise.all([
      tp.call('POST', backups(`/${backup.id}/restore`), { token }),
      tp.call('POST', backups(`/${backup.id}/restore`), { token }),
    ])
    expect([a.status, b.status].sort()).toEqual([202, 409])
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe('A restore of this project is already under way.')
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
  })

  it('refuses a restore while a backup is being made, and a backup while restoring', async () => {
    const backup = await backUp()
    const [pending] = await tp.platform.db.query<{ id: string }>(
      `insert into project_backups (project_ref, kind, database_name, lease_until) values ($1, 'manual', $2, now() + interval '1 hour') returning id`,
      [ref, `p_${ref}_bk_pending`]
    )
    const refused = await tp.call('POST', backups(`/${backup.id}/restore`), { token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('A backup of this project is being made; restore once it is done.')
    // Deleting a backup still being made is refused too.
    expect((await tp.call('DELETE', backups(`/${pending.id}`), { token })).status).toBe(409)
    await tp.platform.db.query('delete from project_backups where id = $1', [pending.id])

    // RESTORING under another instance's lease: no pass of this platform's scheduler takes it up
    // (one would restore it, and could still hold it when the next test restores).
    await tp.platform.db.query(`update projects set status = 'RESTORING', lease_owner = 'elsewhere', lease_until = now() + interval '1 hour' where ref = $1`, [ref])
    tp.platform.scheduler.kick()
    await settle(tp.platform)
    const during = await tp.call('POST', backups(), { token })
    expect(during.status).toBe(409)
    expect(during.body.message).toBe('Only an active project can be backed up; this one is restoring.')
    await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY', lease_owner = null, lease_until = null where ref = $1`, [ref])
  })

  it('ends RESTORE_FAILED with the reason and the data as it was when the backup cannot be copied', async () => {
    const backup = await backUp()
    await runSql(tp, token, ref, `insert into authors (name) values ('Edsger')`)
    const before = await names()
    await asEngineAdmin((c) => c.query(`drop database p_${ref}_bk_${backup.id}`))
    expect((await tp.call('POST', backups(`/${backup.id}/restore`), { token })).status).toBe(202)
    await settle(tp.platform)
    const [project] = await tp.platform.db.query<{ status: string; status_message: string }>('select status, status_message from projects where ref = $1', [ref])
    expect(project.status).toBe('RESTORE_FAILED')
    expect(project.status_message).toContain(`Restoring backup ${backup.id} failed`)
    expect(project.status_message).toContain('the backup is no longer on the server')
    // Back to active the usual way (restore from a failed status), with its rows.
    expect((await tp.call('POST', `/platform/projects/${ref}/restore`, { token })).status).toBe(200)
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    expect(await names()).toEqual(before)
  })

  it('finishes a restore cut off after the database was put aside (the app stopped mid-way)', async () => {
    const backup = await backUp()
    await runSql(tp, token, ref, `delete from authors`)
    const expected = (await asEngineAdmin((c) => c.query(`select count(*)::int as n from pg_database where datname = $1`, [`p_${ref}_bk_${backup.id}`]))).rows[0].n
    expect(expected).toBe(1)
    // What a copy killed after its first step leaves: the database renamed aside, the project
    // RESTORING under another instance's lease, which ran out.
    await asEngineAdmin(async (c) => {
      await c.query(`alter database "p_${ref}" allow_connections false`)
      await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [`p_${ref}`])
      await c.query(`alter database "p_${ref}" rename to "p_${ref}_pre_restore"`)
    })
    await tp.platform.db.query(
      `update projects set status = 'RESTORING', restoring_backup_id = $2, lease_owner = 'gone', lease_until = now() - interval '1 second', transition_attempts = 1 where ref = $1`,
      [ref, backup.id]
    )
    tp.platform.scheduler.kick()
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    expect((await names()).length).toBeGreaterThan(0)
    expect(await databaseExists(`p_${ref}_pre_restore`)).toBe(false)
  })

  it('gives a restore cut off too often up: the data as it was, RESTORE_FAILED', async () => {
    const backup = await backUp()
    await runSql(tp, token, ref, `delete from authors; insert into authors (name) values ('Kept')`)
    await asEngineAdmin(async (c) => {
      await c.query(`alter database "p_${ref}" allow_connections false`)
      await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [`p_${ref}`])
      await c.query(`alter database "p_${ref}" rename to "p_${ref}_pre_restore"`)
    })
    await tp.platform.db.query(
      `update projects set status = 'RESTORING', restoring_backup_id = $2, lease_owner = 'gone', lease_until = now() - interval '1 second', transition_attempts = 3 where ref = $1`,
      [ref, backup.id]
    )
    tp.platform.scheduler.kick()
    await settle(tp.platform)
    const [project] = await tp.platform.db.query<{ status: string; status_message: string }>('select status, status_message from projects where ref = $1', [ref])
    expect(project.status).toBe('RESTORE_FAILED')
    expect(project.status_message).toContain('cut off 3 times')
    await tp.call('POST', `/platform/projects/${ref}/restore`, { token })
    await settle(tp.platform)
    expect(await names()).toEqual(['Kept'])
  })

  it('keeps at most MAX_MANUAL_BACKUPS made on demand: one more is refused until one is deleted', async () => {
    const before = tp.platform.config.maxManualBackups
    const kept = (await tp.platform.db.query<{ n: number }>(`select count(*)::int as n from project_backups where project_ref = $1 and kind = 'manual' and status <> 'failed'`, [ref]))[0].n
    tp.platform.config.maxManualBackups = kept + 1
    try {
      await backUp()
      const refused = await tp.call('POST', backups(), { token })
      expect(refused.status).toBe(409)
      expect(refused.body.message).toMatch(new RegExp(`^This project keeps ${kept + 1} backups made on demand at most, and has ${kept + 1}: delete one`))
      const [oldest] = (await tp.call('GET', backups(), { token })).body.backups.slice(-1)
      expect((await tp.call('DELETE', backups(`/${oldest.id}`), { token })).status).toBe(200)
      expect((await tp.call('POST', backups(), { token })).status).toBe(201)
    } finally {
      tp.platform.config.maxManualBackups = before
    }
  })

  it('deletes a backup with its database; a Developer may back up but not restore or delete', async () => {
    const backup = await backUp()
    const developer = await memberOf(tp, orgId, 'Developer')
    expect((await tp.call('POST', backups(), { token: developer })).status).toBe(201)
    expect((await tp.call('POST', backups(`/${backup.id}/restore`), { token: developer })).status).toBe(403)
    expect((await tp.call('DELETE', backups(`/${backup.id}`), { token: developer })).status).toBe(403)
    expect((await tp.call('DELETE', backups(`/${backup.id}`), { token })).status).toBe(200)
    expect(await databaseExists(`p_${ref}_bk_${backup.id}`)).toBe(false)
    expect((await tp.call('POST', backups(`/${backup.id}/restore`), { token })).status).toBe(404)
  })

  it('answers a download with a dump, or 501 saying pg_dump of the server version is missing', async () => {
    const backup = await backUp()
    const res = await tp.call('GET', backups(`/${backup.id}/download`), { token })
    const list = (await tp.call('GET', backups(), { token })).body
    if (list.downloadable) expect(res.status).toBe(200)
    else {
      expect(res.status).toBe(501)
      expect(res.body.message).toMatch(/^A download is a dump made by pg_dump of the server's major version \(PostgreSQL \d+\)/)
      expect(list.download_note).toBe(res.body.message)
    }
  })
})

describe.each(BACKENDS)('backup retention: $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let token: string
  let slug: string

  beforeAll(async () => {
    ;({ tp, stop } = await backend.start())
    const owner = await ownerWithOrg(tp, 'Retention Org')
    token = owner.token
    slug = owner.org.slug
  })
  afterAll(async () => stop?.())

  const backupsOf = async (ref: string) =>
    tp.platform.db.query<{ id: string; kind: string; database_name: string }>('select id, kind, database_name from project_backups where project_ref = $1 order by id', [ref])

  it('keeps one on-demand backup on Free, and makes no daily backup there', async () => {
    const ref = await activeProject(tp, token, slug)
    const first = (await tp.call('POST', `/platform/projects/${ref}/backups`, { token })).body
    const second = (await tp.call('POST', `/platform/projects/${ref}/backups`, { token })).body
    expect((await backupsOf(ref)).map((b) => Number(b.id))).toEqual([second.id])
    expect(await databaseExists(`p_${ref}_bk_${first.id}`)).toBe(false)
    const list = (await tp.call('GET', `/platform/projects/${ref}/backups`, { token })).body
    expect(list).toMatchObject({ retention_days: 0, daily: false })
    await tp.platform.db.query(`update projects set inserted_at = now() - interval '2 days' where ref = $1`, [ref])
    await runBackupPass(tp.platform)
    expect((await backupsOf(ref)).map((b) => b.kind)).toEqual(['manual'])
  })

  it('makes a daily backup of a Pro project once a day and drops those past 7 days', async () => {
    const ref = await activeProject(tp, token, slug, { plan: 'pro' })
    // A project a day old is due; one made today waits for tomorrow.
    await runBackupPass(tp.platform)
    expect(await backupsOf(ref)).toEqual([])
    await tp.platform.db.query(`update projects set inserted_at = now() - interval '2 days' where ref = $1`, [ref])
    await runBackupPass(tp.platform)
    await runBackupPass(tp.platform)
    const [daily] = await backupsOf(ref)
    expect((await backupsOf(ref)).map((b) => b.kind)).toEqual(['daily'])
    expect(await databaseExists(daily.database_name)).toBe(true)

    await tp.platform.db.query(`update project_backups set inserted_at = now() - interval '8 days' where id = $1`, [daily.id])
    await runBackupPass(tp.platform)
    const after = await backupsOf(ref)
    expect(after.map((b) => b.id)).not.toContain(daily.id)
    expect(after.map((b) => b.kind)).toEqual(['daily'])
    expect(await databaseExists(daily.database_name)).toBe(false)
  })

  it('fails a backup left pending by a stopped app, and drops the backups of a deleted project', async () => {
    const ref = await activeProject(tp, token, slug, { plan: 'pro' })
    const made = (await tp.call('POST', `/platform/projects/${ref}/backups`, { token })).body
    const [stale] = await tp.platform.db.query<{ id: string }>(
      `insert into project_backups (project_ref, kind, database_name, lease_until) values ($1, 'manual', $2, now() - interval '1 second') returning id`,
      [ref, `p_${ref}_bk_stale`]
    )
    await runBackupPass(tp.platform)
    const [row] = await tp.platform.db.query<{ status: string; error: string }>('select status, error from project_backups where id = $1', [stale.id])
    expect(row).toEqual({ status: 'failed', error: 'The backup was cut off: the platform stopped while making it.' })

    expect((await tp.call('DELETE', `/platform/projects/${ref}`, { token })).status).toBe(200)
    await settle(tp.platform)
    await runBackupPass(tp.platform)
    expect(await backupsOf(ref)).toEqual([])
    expect(await databaseExists(`p_${ref}_bk_${made.id}`)).toBe(false)
  })

  it('drops the backup a deleted project was being restored from', async () => {
    const ref = await activeProject(tp, token, slug, { plan: 'pro' })
    const made = (await tp.call('POST', `/platform/projects/${ref}/backups`, { token })).body
    // Deleted while it was RESTORING: the row still names the backup it was being restored from.
    await tp.platform.db.query(`update projects set restoring_backup_id = $2 where ref = $1`, [ref, made.id])
    expect((await tp.call('DELETE', `/platform/projects/${ref}`, { token })).status).toBe(200)
    await settle(tp.platform)
    const [row] = await tp.platform.db.query<{ status: string; restoring_backup_id: string | null }>('select status, restoring_backup_id from projects where ref = $1', [ref])
    expect(row).toEqual({ status: 'REMOVED', restoring_backup_id: null })
    await tp.platform.db.query(`update projects set restoring_backup_id = $2 where ref = $1`, [ref, made.id])
    await runBackupPass(tp.platform)
    expect(await backupsOf(ref)).toEqual([])
    expect(await databaseExists(`p_${ref}_bk_${made.id}`)).toBe(false)
  })

  it("opens the project's database again and drops the copy after a backup cut off mid-copy", async () => {
    const ref = await activeProject(tp, token, slug, { plan: 'pro' })
    expect((await runSql(tp, token, ref, `create table kept (id int); insert into kept values (1)`)).status).toBe(200)
    // What an app killed while CREATE DATABASE … TEMPLATE ran leaves: the project's database
    // closed to connections (the copy needs it empty), the copy made by the server anyway (the
    // statement runs to its end without its client), the backup pending with its lease run out.
    const [cut] = await tp.platform.db.query<{ id: string }>(
      `insert into project_backups (project_ref, kind, database_name, lease_until) values ($1, 'manual', $2, now() - interval '1 second') returning id`,
      [ref, `p_${ref}_bk_cut`]
    )
    await asEngineAdmin(async (c) => {
      await c.query(`alter database "p_${ref}" allow_connections false`)
      await c.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [`p_${ref}`])
      await c.query(`create database "p_${ref}_bk_cut" template "p_${ref}"`)
    })
    await runBackupPass(tp.platform)
    const [row] = await tp.platform.db.query<{ status: string }>('select status from project_backups where id = $1', [cut.id])
    expect(row.status).toBe('failed')
    expect(await databaseExists(`p_${ref}_bk_cut`)).toBe(false)
    expect(await rowsOf(tp, token, ref, 'select id from kept')).toEqual([{ id: 1 }])
  })
})

describe.each(BACKENDS)('cloning a backup: $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let token: string
  let slug: string
  let orgId: number

  beforeAll(async () => {
    ;({ tp, stop } = await backend.start())
    const owner = await ownerWithOrg(tp, 'Clone Org')
    token = owner.token
    slug = owner.org.slug
    orgId = owner.org.id
  })
  afterAll(async () => stop?.())

  it('makes a new project of the organization whose database holds the backup, owned by its own role', async () => {
    const source = await activeProject(tp, token, slug, { plan: 'pro' })
    await runSql(tp, token, source, `create table authors (id serial primary key, name text not null); insert into authors (name) values ('Ada')`)
    const backup = (await tp.call('POST', `/platform/projects/${source}/backups`, { token })).body
    await runSql(tp, token, source, `insert into authors (name) values ('Later')`)

    const res = await tp.call('POST', `/platform/projects/${source}/backups/${backup.id}/clone`, { token, body: { name: 'The clone' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'The clone', status: 'COMING_UP', organization_id: orgId })
    const clone = res.body.ref as string
    await settle(tp.platform)
    expect(await statusOf(tp, clone)).toBe('ACTIVE_HEALTHY')
    expect(await rowsOf(tp, token, clone, 'select name from authors order by id')).toEqual([{ name: 'Ada' }])
    expect(await rowsOf(tp, token, clone, `select tableowner from pg_tables where tablename = 'authors'`)).toEqual([{ tableowner: `p_${clone}` }])
    // The clone writes on its own; the source is untouched and still its own role's.
    expect((await runSql(tp, token, clone, `insert into authors (name) values ('Clone only')`)).status).toBe(200)
    expect(await rowsOf(tp, token, source, 'select name from authors order by id')).toEqual([{ name: 'Ada' }, { name: 'Later' }])
    expect(await rowsOf(tp, token, source, `select tableowner from pg_tables where tablename = 'authors'`)).toEqual([{ tableowner: `p_${source}` }])
    // Both databases the platform's (database-ownership.ts).
    const owners = await asEngineAdmin(
      async (c) => (await c.query(`select pg_get_userbyid(datdba) as owner from pg_database where datname = any($1) order by datname`, [[`p_${source}`, `p_${clone}`]])).rows
    )
    expect(owners).toEqual([{ owner: 'postgres' }, { owner: 'postgres' }])
  })

  it('keeps a backup being cloned until the clone has its copy, even when its project is deleted or the backup asked to be', async () => {
    const source = await activeProject(tp, token, slug, { plan: 'pro' })
    await runSql(tp, token, source, `create table authors (id serial primary key, name text not null); insert into authors (name) values ('Ada')`)
    const backup = (await tp.call('POST', `/platform/projects/${source}/backups`, { token })).body
    // The clone waits to be provisioned (no kick of the scheduler) while the rest happens.
    const held = vi.spyOn(tp.platform.scheduler, 'kick').mockImplementation(() => undefined)
    const res = await tp.call('POST', `/platform/projects/${source}/backups/${backup.id}/clone`, { token, body: { name: 'Clone of a deleted one' } })
    expect(res.status).toBe(201)
    const clone = res.body.ref as string
    const [{ database_name }] = await tp.platform.db.query<{ database_name: string }>('select database_name from project_backups where id = $1', [backup.id])
    // Before the clone is provisioned: a member deletes the backup, then the source project is
    // deleted and the retention pass runs.
    const refused = await tp.call('DELETE', `/platform/projects/${source}/backups/${backup.id}`, { token })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/clon/i)
    await tp.platform.db.query(`update projects set status = 'REMOVED' where ref = $1`, [source])
    await runBackupPass(tp.platform)
    held.mockRestore()
    tp.platform.scheduler.kick()
    await settle(tp.platform)
    expect(await statusOf(tp, clone)).toBe('ACTIVE_HEALTHY')
    expect(await rowsOf(tp, token, clone, 'select name from authors')).toEqual([{ name: 'Ada' }])
    // Once the clone has its copy, the backup of the deleted project goes.
    await runBackupPass(tp.platform)
    expect(await databaseExists(database_name)).toBe(false)
  })

  it("is refused as creating a project is when the organization's plan has no room", async () => {
    const free = await ownerWithOrg(tp, 'Clone Free Org')
    const source = await activeProject(tp, free.token, free.org.slug)
    const backup = (await tp.call('POST', `/platform/projects/${source}/backups`, { token: free.token })).body
    await activeProject(tp, free.token, free.org.slug)
    const create = await tp.call('POST', '/platform/projects', { token: free.token, body: { name: 'One more', organization_slug: free.org.slug } })
    expect(create.status).toBeGreaterThanOrEqual(400)
    const clone = await tp.call('POST', `/platform/projects/${source}/backups/${backup.id}/clone`, { token: free.token, body: { name: 'One more' } })
    expect({ status: clone.status, message: clone.body.message }).toEqual({ status: create.status, message: create.body.message })
  })

  it('refuses a Developer (creating projects is for Owners and Admins) and a backup of another project', async () => {
    const source = await activeProject(tp, token, slug, { plan: 'pro' })
    const other = await activeProject(tp, token, slug, { plan: 'pro' })
    const backup = (await tp.call('POST', `/platform/projects/${source}/backups`, { token })).body
    const developer = await memberOf(tp, orgId, 'Developer')
    expect((await tp.call('POST', `/platform/projects/${source}/backups/${backup.id}/clone`, { token: developer, body: { name: 'No' } })).status).toBe(403)
    expect((await tp.call('POST', `/platform/projects/${other}/backups/${backup.id}/clone`, { token, body: { name: 'No' } })).status).toBe(404)
  })
})

describe.each(BACKENDS)('a restore killed half-way (kill -9): $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>

  beforeAll(async () => {
    ;({ tp, stop } = await backend.start())
  })
  afterAll(async () => stop?.())

  it('ends restored, or RESTORE_FAILED with the old data, never both and never lost', async () => {
    const owner = await ownerWithOrg(tp, 'Kill Org')
    const token = owner.token
    const ref = await activeProject(tp, token, owner.org.slug, { plan: 'pro' })
    // Large enough that the copy takes a moment: the kill lands while it is made.
    const made = await runSql(
      tp,
      token,
      ref,
      `create table authors (name text); insert into authors values ('Ada');
       create table bulk as select g as id, repeat('x', 1000) as pad from generate_series(1, 60000) g`
    )
    expect(made.status).toBe(200)
    const backup = (await tp.call('POST', `/platform/projects/${ref}/backups`, { token })).body
    expect(backup.status).toBe('completed')
    await runSql(tp, token, ref, `delete from authors; insert into authors values ('After')`)

    // The project RESTORING under the lease of an app that is about to be killed.
    await tp.platform.db.query(
      `update projects set status = 'RESTORING', restoring_backup_id = $2, lease_owner = 'killed-app', lease_until = now() + interval '1 hour', transition_attempts = 1 where ref = $1`,
      [ref, backup.id]
    )
    const child = spawn(
      path.join(process.cwd(), 'node_modules', '.bin', 'jiti'),
      [path.join(__dirname, 'fixtures', 'backup-restore-child.ts'), engineUrl(), ref, `p_${ref}_bk_${backup.id}`],
      { stdio: 'ignore' }
    )
    const exited = new Promise((done) => child.once('exit', done))
    let running = true
    child.once('exit', () => (running = false))
    // Killed as soon as the project's database has been put aside (or when it ended first).
    while (running && !(await databaseExists(`p_${ref}_pre_restore`))) await new Promise((r) => setTimeout(r, 5))
    child.kill('SIGKILL')
    await exited

    // Its lease runs out; this app takes the restore over.
    await tp.platform.db.query(`update projects set lease_until = now() - interval '1 second' where ref = $1`, [ref])
    tp.platform.scheduler.kick()
    await settle(tp.platform)
    const status = await statusOf(tp, ref)
    expect(['ACTIVE_HEALTHY', 'RESTORE_FAILED']).toContain(status)
    if (status === 'RESTORE_FAILED') await tp.call('POST', `/platform/projects/${ref}/restore`, { token }).then(() => settle(tp.platform))
    const names = (await rowsOf(tp, token, ref, 'select name from authors')).map((r) => r.name)
    expect(names).toEqual(status === 'ACTIVE_HEALTHY' ? ['Ada'] : ['After'])
    expect(await databaseExists(`p_${ref}_pre_restore`)).toBe(false)
    expect((await rowsOf(tp, token, ref, 'select count(*)::int as n from bulk'))[0].n).toBe(60000)
  })
})
