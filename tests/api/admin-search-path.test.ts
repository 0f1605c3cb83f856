// @vitest-environment node
/**
 * The platform's admin sessions inside databases that tenants control. A project's role plants
 * operators, functions, views and a cast named as the catalog's in every schema it may create in
 * (tests/helpers/planted.ts), steers its own sessions to them, and its database carries the
 * session defaults a database's owner could once set (search_path, role, read-only); then every
 * admin entry point of server/ is called. Nothing planted may run as the admin, and the project's
 * role stays no superuser. The entry points are read from the code: one that opens an admin
 * session and is not named below fails the first test, and so does a connection made anywhere
 * but the known places (server/databases/admin-session.ts pins every admin session).
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { updateReadOnlyModes } from '@/server/projects/read-only-mode'
import { dumpAvailability } from '@/server/backups/download'
import { asEngineAdmin, engineUrl, settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { withAdminSession } from '@/server/databases/admin-session'
import { realtimeService } from '@/server/realtime/service'
import { appClient } from '../helpers/supabase-client'
import { activeProject, ownerWithOrg, rowsOf, runSql, statusOf } from '../helpers/project-backends'
import { plantingSql, STEERING_SETTINGS } from '../helpers/planted'

const ROOT = path.resolve(__dirname, '../..')

/** Every non-test TypeScript file under server/. */
function serverFiles(dir = path.join(ROOT, 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return serverFiles(full)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : []
  })
}
const relative = (file: string) => path.relative(ROOT, file)

/** What opens an admin session (admin-session.ts, and the helpers built on it). */
const ADMIN_CALL = /\b(adminReplicationConfig|adminClient|withAdminSession|adminPool|adminOn|onProjectDatabase|withCopyLock|reopenDatabase|withAdmin|withProjectAdmin|asAdmin)\(|pools\.admin\(/

/**
 * Every file that opens admin sessions, and where: `maintenance` (the admin URL's own database,
 * which no project's role may connect to, tests/api/project-isolation.test.ts) or `project` (a
 * database a project's role controls, or a copy of one), with the steps below that reach it.
 */
const ENTRY_POINTS: Record<string, { where: 'maintenance' | 'project' | 'both'; steps: string[] }> = {
  'server/databases/admin-session.ts': { where: 'both', steps: ['every step'] },
  'server/databases/pools.ts': { where: 'maintenance', steps: ['provision', 'pause', 'restore', 'restart', 'password'] },
  'server/databases/classify.ts': { where: 'maintenance', steps: ['provision', 'pause', 'restore', 'restart', 'password', 'delete'] },
  'server/databases/servers.ts': { where: 'maintenance', steps: ['pause', 'restore', 'restart', 'password', 'delete', 'start'] },
  'server/databases/secure-server.ts': { where: 'maintenance', steps: ['start', 'provision'] },
  'server/databases/provision.ts': { where: 'both', steps: ['provision', 'branch'] },
  'server/databases/database-ownership.ts': { where: 'both', steps: ['start', 'provision', 'restore backup', 'restore'] },
  'server/databases/database-copies.ts': { where: 'both', steps: ['branch'] },
  'server/databases/server-lifecycle.ts': { where: 'both', steps: ['provision', 'pause', 'restore', 'delete'] },
  'server/databases/compute-limits.ts': { where: 'maintenance', steps: ['resize'] },
  'server/databases/stop-backend.ts': { where: 'maintenance', steps: ['a terminate when the role cannot connect (pg_stat_activity of the maintenance database)'] },
  'server/engine/servers.ts': { where: 'maintenance', steps: ['start'] },
  'server/backups/snapshots.ts': { where: 'both', steps: ['backup', 'restore backup'] },
  'server/backups/download.ts': { where: 'project', steps: ['download (when pg_dump of the server version is installed)'] },
  'server/databases/project-admin.ts': { where: 'both', steps: ['data api', 'api settings', 'upgrade', 'read-only mode'] },
  'server/data-api/roles.ts': { where: 'both', steps: ['data api'] },
  'server/data-api/processes.ts': { where: 'maintenance', steps: ['api settings (its stop ends the stopped PostgREST\'s sessions)'] },
  'server/data-api/api-settings.ts': { where: 'project', steps: ['api settings'] },
  'server/projects/upgrade.ts': { where: 'project', steps: ['upgrade'] },
  'server/projects/read-only-mode.ts': { where: 'maintenance', steps: ['read-only mode'] },
  'server/extensions/as-platform.ts': { where: 'project', steps: ['extension', 'provision'] },
  'server/extensions/extensions.ts': { where: 'project', steps: ['provision (pg_stat_statements from the start)'] },
  'server/realtime/changes/replication.ts': { where: 'both', steps: ['realtime'] },
}

/** Files that may make a PostgreSQL connection at all, and as whom. */
const CONNECTING_FILES: Record<string, string> = {
  'server/databases/admin-session.ts': 'the admin, pinned',
  'server/databases/role-session.ts': "a project's role, its own settings",
  'server/databases/pools.ts': "a project's role (its SQL pools; the admin pool comes from admin-session.ts)",
  'server/databases/server-version.ts': "a project's role (health checks)",
  'server/graphql/project-schemas.ts': "a project's role or its read-only role (GraphQL)",
  'server/project-auth/database.ts': "a project's role (its auth service)",
  'server/storage/database.ts': "the project's data API login, as the caller of a storage request (its role and claims per transaction)",
  'server/realtime/changes/visibility.ts': "the project's data API login, as the subscriber to a change (its role and claims per check)",
  'server/db/control-plane.ts': 'the control plane (no project can connect to its database)',
}

describe('admin entry points, read from the code', () => {
  const files = serverFiles()
  const source = (file: string) => fs.readFileSync(file, 'utf8')

  it('every file that opens an admin session is an entry point this suite calls', () => {
    const found = files.filter((file) => ADMIN_CALL.test(source(file))).map(relative).sort()
    expect(found).toEqual(Object.keys(ENTRY_POINTS).sort())
  })

  it('no PostgreSQL connection is made outside the known places', () => {
    const connecting = files.filter((file) => /new pg\.(Client|Pool)\(|new (Client|Pool)\(/.test(source(file))).map(relative).sort()
    expect(connecting).toEqual(Object.keys(CONNECTING_FILES).sort())
  })
})

describe('an admin session', () => {
  const scratch = `pinned_${process.pid}`
  const role = `pinned_role_${process.pid}`
  beforeAll(() =>
    asEngineAdmin(async (c) => {
      await c.query(`create role ${role}`)
      await c.query(`create database ${scratch}`)
      const settings = { ...STEERING_SETTINGS, role: STEERING_SETTINGS.role(role) }
      for (const [name, value] of Object.entries(settings))
        await c.query(`alter database ${scratch} set ${name} = ${name === 'search_path' ? value : pg.escapeLiteral(value)}`)
    })
  )
  afterAll(() =>
    asEngineAdmin(async (c) => {
      await c.query(`drop database if exists ${scratch} with (force)`)
      await c.query(`drop role if exists ${role}`)
    })
  )

  it("is its own, whatever the database's settings say", async () => {
    const [row] = await withAdminSession(
      engineUrl(),
      async (c) => {
        await c.query('create table public.t (x int)')
        await c.query('select pg_sleep(0.05)')
        await new Promise((resolve) => setTimeout(resolve, 50))
        const { rows } = await c.query(
          `select current_user as who, current_setting('search_path') as path, current_setting('local_preload_libraries') as libraries,
             current_setting('default_transaction_isolation') as isolation`
        )
        return rows
      },
      { database: scratch }
    )
    expect(row).toEqual({ who: 'postgres', path: 'pg_catalog,pg_temp', libraries: '', isolation: 'read committed' })
  })
})

describe('the admin never runs what a project planted', () => {
  let tp: TestPlatform
  let owner: string
  let pro: string
  let free: string

  const superusers = () =>
    asEngineAdmin(async (c) => (await c.query<{ rolname: string }>(`select rolname from pg_roles where rolsuper and rolname like 'p\\_%'`)).rows.map((r) => r.rolname))
  /** What of the bait ran, and as whom, in the project's database but as the project's own roles. */
  const firedByOthers = (ref: string) =>
    asEngineAdmin(async (c) => {
      await c.query('set search_path = pg_catalog')
      const { rows } = await c.query<{ who: string; what: string }>(`select who, what from public.fired where not starts_with(who, 'p_') order by at`)
      return rows
    }, `p_${ref}`)
  const ok = async (res: Promise<{ status: number; body: unknown }>, expected = 200) => {
    const answer = await res
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected)
    return answer.body as any
  }

  async function plant(ref: string) {
    const role = `p_${ref}`
    const planted = await runSql(tp, owner, ref, plantingSql(role))
    expect(planted.status, JSON.stringify(planted.body)).toBe(200)
    // The project's role steers its own sessions; it may not steer the database's any more.
    expect((await runSql(tp, owner, ref, `alter role current_user set search_path = app, public, pg_catalog`)).status).toBe(200)
    const refused = await runSql(tp, owner, ref, `alter database ${role} set search_path = public, pg_catalog`)
    expect(refused.status).toBe(400)
    expect(refused.body.message).toMatch(/must be owner of database/)
    const limit = await runSql(tp, owner, ref, `alter database ${role} connection limit 0`)
    expect(limit.status).toBe(400)
    // What a database of an earlier version may still hold from when its role owned it.
    await asEngineAdmin(async (c) => {
      await c.query(`alter database ${role} set search_path = ${STEERING_SETTINGS.search_path}`)
      await c.query(`alter database ${role} set default_transaction_read_only = on`)
    })
  }

  beforeAll(async () => {
    tp = await startTestPlatform()
    const made = await ownerWithOrg(tp, 'Planters')
    owner = made.token
    pro = await activeProject(tp, owner, made.org.slug, { plan: 'pro' })
    const other = (await tp.call('POST', '/platform/organizations', { token: owner, body: { name: 'Free planters' } })).body
    free = await activeProject(tp, owner, other.slug)
    // An extension of the project's own behind the server's version, for the upgrade; and a grant
    // to the Free project's role in the Pro project's database, for the delete's DROP OWNED there.
    expect((await runSql(tp, owner, pro, `create extension hstore version '1.4'; create table shared_with (id int)`)).status).toBe(200)
    expect((await runSql(tp, owner, pro, `grant select on shared_with to p_${free}`)).status).toBe(200)
    await plant(pro)
    await plant(free)
  })
  afterAll(async () => tp?.close())

  it("the platform owns each project's database; the project's role may connect, create and own public", async () => {
    const rows = await asEngineAdmin(async (c) =>
      (
        await c.query<{ owner: string; connect: boolean; create: boolean; public_owner: string }>(
          `select pg_get_userbyid(datdba) as owner, has_database_privilege($1, datname, 'CONNECT') as connect,
             has_database_privilege($1, datname, 'CREATE') as create from pg_database where datname = $1`,
          [`p_${pro}`]
        )
      ).rows
    )
    expect(rows[0]).toMatchObject({ owner: 'postgres', connect: true, create: true })
    const [schema] = await rowsOf(tp, owner, pro, `select pg_get_userbyid(nspowner) as owner from pg_namespace where nspname = 'public'`)
    expect(schema.owner).toBe(`p_${pro}`)
  })

  /** Each step is checked right after it: nothing planted ran but as the project's own roles, and no project role is a superuser. */
  const clean = async (step: string) => {
    const raised = await superusers()
    const fired = { [pro]: await firedByOthers(pro), [free]: await firedByOthers(free).catch(() => []) }
    // Undone at once, so that each step is judged on its own.
    await asEngineAdmin(async (c) => {
      for (const role of raised) await c.query(`alter role ${role} nosuperuser`)
    })
    for (const ref of [pro, free])
      await withAdminSession(engineUrl(), (c) => c.query('delete from public.fired'), { database: `p_${ref}` }).catch(() => undefined)
    expect(raised, step).toEqual([])
    expect(fired, step).toEqual({ [pro]: [], [free]: [] })
  }
  let key: string
  let backupId: number

  it('api settings: the schema check', async () => {
    key = (await ok(tp.call('GET', `/platform/projects/${pro}/api-settings?reveal=true`, { token: owner }))).anon_key as string
    await ok(tp.call('PATCH', `/platform/projects/${pro}/api-settings`, { token: owner, body: { data_api: { schemas: ['public', 'app'] } } }))
    await clean('api settings')
  })

  it("data api: the grants at PostgREST's start", async () => {
    const rest = await fetch(`${tp.url}/p/${pro}/rest/v1/shared_with`, { headers: { apikey: key } })
    expect(rest.status).toBe(200)
    await clean('data api')
  })

  it('realtime: the change feed made, streamed and dropped', async () => {
    expect((await runSql(tp, owner, pro, `create table public.probe (id int primary key); grant select on public.probe to anon; alter publication supabase_realtime add table public.probe`)).status).toBe(200)
    const app = appClient(`${tp.url}/p/${pro}`, key)
    const changes: unknown[] = []
    await new Promise<void>((resolve, reject) =>
      app
        .channel('probe')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'probe' }, (change) => changes.push(change))
        .subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status === 'CLOSED' ? undefined : reject(error ?? new Error(status))))
    )
    expect((await runSql(tp, owner, pro, 'insert into public.probe values (1)')).status).toBe(200)
    while (changes.length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    await app.removeAllChannels()
    app.realtime.disconnect()
    await realtimeService(tp.platform).release(pro, 'pause')
    await clean('realtime')
  })

  it("holds each project to its compute size's connections, and keeps the reserved slots for the roles only the platform logs in as", async () => {
    const rows = await asEngineAdmin(async (c) =>
      (
        await c.query<{ name: string; limit: number; reserved: boolean }>(
          `select r.rolname as name, coalesce(d.datconnlimit, r.rolconnlimit) as limit,
             exists (select 1 from pg_auth_members m where m.member = r.oid and m.roleid = 'pg_use_reserved_connections'::regrole) as reserved
           from pg_roles r left join pg_database d on d.datname = r.rolname where r.rolname = any($1) order by 1`,
          [[`p_${pro}_api`, `p_${pro}`, `p_${pro}_ro`, `p_${free}`]]
        )
      ).rows.map(({ name, limit, reserved }) => ({ name: name.replace(pro, 'pro').replace(free, 'free'), limit, reserved }))
    )
    expect(rows).toEqual(
      expect.arrayContaining([
        // Its data API's login: its own sessions bounded, on the reserved slots.
        { name: 'p_pro_api', limit: 40, reserved: true },
        // Micro and Nano, the plans' default sizes.
        { name: 'p_pro', limit: 60, reserved: false },
        { name: 'p_pro_ro', limit: -1, reserved: true },
        { name: 'p_free', limit: 30, reserved: false },
      ])
    )
  })

  it('upgrade: the status read and the update', async () => {
    expect((await ok(tp.call('GET', `/platform/projects/${pro}/upgrade`, { token: owner }))).available).toBe(true)
    await ok(tp.call('POST', `/platform/projects/${pro}/upgrade`, { token: owner }), 202)
    await settle(tp.platform)
    expect(await statusOf(tp, pro)).toBe('ACTIVE_HEALTHY')
    await clean('upgrade')
  })

  it('extension: created and dropped by the platform', async () => {
    await ok(tp.call('POST', `/platform/projects/${pro}/extensions`, { token: owner, body: { name: 'pgstattuple', schema: 'extensions' } }))
    await ok(tp.call('DELETE', `/platform/projects/${pro}/extensions/pgstattuple`, { token: owner }))
    await clean('extension')
  })

  it('backup, and its download where pg_dump of the server version is installed', async () => {
    backupId = (await ok(tp.call('POST', `/platform/projects/${pro}/backups`, { token: owner }), 201)).id
    const [access] = await tp.platform.db.query<{ db_version: string }>('select db_version from projects where ref = $1', [pro])
    if ((await dumpAvailability(tp.platform, access)).available) {
      const dump = await fetch(`${tp.url}/api/platform/projects/${pro}/backups/${backupId}/download`, { headers: { Authorization: `Bearer ${owner}` } })
      expect(dump.status).toBe(200)
      await dump.arrayBuffer()
    }
    await clean('backup')
  })

  it('restore backup', async () => {
    await ok(tp.call('POST', `/platform/projects/${pro}/backups/${backupId}/restore`, { token: owner }), 202)
    await settle(tp.platform)
    expect(await statusOf(tp, pro)).toBe('ACTIVE_HEALTHY')
    await clean('restore backup')
  })

  it('branch: a copy of the planted database, adopted as the admin inside it', async () => {
    const branch = (await ok(tp.call('POST', `/platform/projects/${pro}/branches`, { token: owner, body: { name: 'planted' } }), 201)).ref as string
    await settle(tp.platform)
    expect(await statusOf(tp, branch)).toBe('ACTIVE_HEALTHY')
    await clean('branch')
  })

  it('resize', async () => {
    await ok(tp.call('POST', `/platform/projects/${pro}/compute`, { token: owner, body: { size: 'small' } }), 202)
    await settle(tp.platform)
    expect(await statusOf(tp, pro)).toBe('ACTIVE_HEALTHY')
    await clean('resize')
  })

  it('password', async () => {
    await ok(tp.call('PATCH', `/platform/projects/${pro}/db-password`, { token: owner, body: { password: 'a new password for the planted one' } }), 204)
    await clean('password')
  })

  it('read-only mode, on and off again, from the measured size', async () => {
    await tp.platform.db.query('update projects set db_size_bytes = $2 where ref = $1', [free, 10 * 1024 ** 3])
    expect(await updateReadOnlyModes(tp.platform)).toContain(free)
    await tp.platform.db.query('update projects set db_size_bytes = 0 where ref = $1', [free])
    expect(await updateReadOnlyModes(tp.platform)).toContain(free)
    await clean('read-only mode')
  })

  it('restart, pause, restore', async () => {
    await ok(tp.call('POST', `/platform/projects/${free}/restart`, { token: owner }))
    await settle(tp.platform)
    await ok(tp.call('POST', `/platform/projects/${free}/pause`, { token: owner }))
    await settle(tp.platform)
    expect(await statusOf(tp, free)).toBe('INACTIVE')
    await ok(tp.call('POST', `/platform/projects/${free}/restore`, { token: owner }))
    await settle(tp.platform)
    expect(await statusOf(tp, free)).toBe('ACTIVE_HEALTHY')
    await clean('restart, pause, restore')
  })

  it("delete: DROP OWNED of the project's roles in another project's planted database", async () => {
    await ok(tp.call('DELETE', `/platform/projects/${free}`, { token: owner }))
    await settle(tp.platform)
    expect(await superusers()).toEqual([])
    expect(await firedByOthers(pro)).toEqual([])
  })
})
