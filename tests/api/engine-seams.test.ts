// @vitest-environment node
/**
 * A project's role on the platform's own PostgreSQL server, as an attacker: what it can reach
 * through the roles it may create (CREATEROLE on PostgreSQL 16 and later), the server's shared
 * catalogs and settings the platform gives it.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startEngine } from '@/server/engine/cluster'
import { createProjectDatabases, type ProjectDbLocation } from '@/server/databases'
import { BACKENDS, activeProject, memberOf, ownerWithOrg, runSql, statusOf } from '../helpers/project-backends'
import { asEngineAdmin, settle } from '../helpers/test-platform'

describe.each(BACKENDS)('engine seams ($name)', (backend) => {
  let started: Awaited<ReturnType<(typeof BACKENDS)[number]['start']>>
  let ref: string
  let token: string
  let orgSlug: string
  let orgId: number

  beforeAll(async () => {
    started = await backend.start({ projectTempFileLimit: '64MB' })
    const owner = await ownerWithOrg(started.tp, 'Seams')
    token = owner.token
    orgSlug = owner.org.slug
    orgId = owner.org.id
    ref = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
  })
  afterAll(async () => {
    await started?.stop()
  })

  async function ownerUrl(of: string): Promise<string> {
    const [row] = await started.tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [of])
    if (row.db_location.kind !== 'server') throw new Error('expected a server location')
    return row.db_location.url
  }

  async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => undefined)
    await client.connect()
    try {
      return await fn(client)
    } finally {
      await client.end().catch(() => undefined)
    }
  }

  /** A login role the project's own role creates and lets into its database, and its URL. */
  async function createdRole(name: string): Promise<string> {
    const url = await ownerUrl(ref)
    const password = 'made-by-the-project-1'
    await withClient(url, async (c) => {
      await c.query(`create role ${name} login password '${password}'`)
      await c.query(`grant connect on database ${pg.escapeIdentifier(`p_${ref}`)} to ${name}`)
    })
    const target = new URL(url)
    target.username = name
    target.password = password
    return target.toString()
  }

  it("bounds the temporary files of a role the project created, as its own role's", async () => {
    const name = `seams_tmp_${Date.now()}`
    const url = await createdRole(name)
    onTestFinished(async () =>
      withClient(await ownerUrl(ref), async (c) => {
        await c.query(`revoke connect on database ${pg.escapeIdentifier(`p_${ref}`)} from ${name}`)
        await c.query(`drop role ${name}`)
      })
    )
    const limit = await withClient(url, async (c) => (await c.query<{ l: string }>("select current_setting('temp_file_limit') as l")).rows[0].l)
    expect(limit).toBe('64MB')
    // The project's role cannot lift it for its database.
    await withClient(await ownerUrl(ref), (c) => c.query(`alter database ${pg.escapeIdentifier(`p_${ref}`)} reset temp_file_limit`).catch(() => undefined))
    const after = await withClient(url, async (c) => (await c.query<{ l: string }>("select current_setting('temp_file_limit') as l")).rows[0].l)
    expect(after).toBe('64MB')
  })

  /** Roles of these names on the server. */
  const rolesNamed = (names: string[]) =>
    asEngineAdmin(async (c) => (await c.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1) order by 1', [names])).rows.map((r) => r.rolname))

  async function deleted(of: string) {
    const res = await started.tp.call('DELETE', `/platform/projects/${of}`, { token })
    expect(res.status).toBe(200)
    await settle(started.tp.platform)
    return statusOf(started.tp, of)
  }

  it("deletes a project whose role another project's owner granted privileges to", async () => {
    const victim = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    const neighbour = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    // Any project's owner sees every role's name and may grant on what it owns to any of them.
    await withClient(await ownerUrl(neighbour), (c) =>
      c.query(`grant connect on database ${pg.escapeIdentifier(`p_${neighbour}`)} to ${pg.escapeIdentifier(`p_${victim}`)};
        create table lure (x int); grant select on lure to ${pg.escapeIdentifier(`p_${victim}`)}, ${pg.escapeIdentifier(`p_${victim}_ro`)}`)
    )
    expect(await deleted(victim)).toBe('REMOVED')
    expect(await rolesNamed([`p_${victim}`, `p_${victim}_ro`])).toEqual([])
    // The neighbour keeps its own database and table.
    expect(await withClient(await ownerUrl(neighbour), async (c) => (await c.query('select count(*)::int as n from lure')).rows[0].n)).toBe(0)
  })

  it('deletes a project that created roles and granted one to another, and drops those roles with it', async () => {
    const victim = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    const made = [`seams_a_${Date.now()}`, `seams_b_${Date.now()}`]
    await withClient(await ownerUrl(victim), (c) =>
      c.query(`create role ${made[0]} login password 'made-1'; create role ${made[1]}; grant ${made[0]} to ${made[1]};
        grant connect on database ${pg.escapeIdentifier(`p_${victim}`)} to ${made[0]}`)
    )
    expect(await deleted(victim)).toBe('REMOVED')
    expect(await rolesNamed([`p_${victim}`, `p_${victim}_ro`, ...made])).toEqual([])
  })

  it("keeps the server's reserved slots for the roles only the platform logs in as, however many sessions projects open", async () => {
    // This fills every slot of its server that a project's roles may take: on a server of its own,
    // or the run's other suites would be refused meanwhile.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seams-slots-'))
    const engine = await startEngine({ dataDir: dir, port: 0, durable: false })
    const dbs = createProjectDatabases({
      projectDbServers: `*=${engine.adminUrl()}`,
      maxResultBytes: 1 << 20,
      tempFileLimit: '64MB',
      terminateGraceMs: 1000,
      connectionLimit: 40,
    })
    const held: pg.Client[] = []
    onTestFinished(async () => {
      await Promise.all(held.map((c) => c.end().catch(() => undefined)))
      await dbs.closeAll()
      await engine.stop()
      fs.rmSync(dir, { recursive: true, force: true })
    })
    /** Opens sessions on `url` until the server refuses one; answers how many it took and why it stopped. */
    const fill = async (url: string) => {
      let taken = 0
      while (taken < 300) {
        const client = new pg.Client({ connectionString: url })
        client.on('error', () => undefined)
        try {
          await client.connect()
          held.push(client)
          taken++
        } catch (e) {
          return { taken, code: (e as pg.DatabaseError).code, message: (e as Error).message }
        }
      }
      return { taken, code: null, message: '' }
    }
    const project = await dbs.provision('seamsslots', 'us-east-1')
    const neighbour = await dbs.provision('seamsneighbour', 'us-east-1')
    const third = await dbs.provision('seamsthird', 'us-east-1')
    const name = 'seams_conn'
    await withClient(project.url, (c) => c.query(`create role ${name} login password 'made-by-the-project-1'; grant connect on database p_seamsslots to ${name}`))
    const made = new URL(project.url)
    made.username = name
    made.password = 'made-by-the-project-1'
    // A role the project created has no limit of its own: its database's holds it.
    expect(await fill(made.toString())).toMatchObject({ taken: 40, code: '53300', message: expect.stringContaining('too many connections for database') })
    expect(await fill(neighbour.url)).toMatchObject({ taken: 40, code: '53300' })
    // The slots left unreserved run out: a project's own role may not take the reserved ones.
    const rest = await fill(third.url)
    expect(rest).toMatchObject({ code: '53300', message: expect.stringContaining('pg_use_reserved_connections') })
    expect(rest.taken).toBeLessThan(40)
    // A role only the platform logs in as still gets in (the data API's authenticator is another).
    expect(await withClient(third.readOnlyUrl!, async (c) => (await c.query('select 1 as one')).rows[0].one)).toBe(1)
  })

  it('deletes a project that another project made an admin of one of its own roles, and leaves that role alone', async () => {
    const victim = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    const lent = `seams_lent_${Date.now()}`
    onTestFinished(async () => {
      await withClient(await ownerUrl(ref), (c) => c.query(`drop view if exists seams_v; drop table if exists seams_t; revoke create on schema public from ${lent}; drop role if exists ${lent}`))
    })
    // The other project's role owns a table there that its owner's view depends on, and hands ADMIN on it to the victim.
    await withClient(await ownerUrl(ref), (c) =>
      c.query(`create role ${lent}; grant ${lent} to current_user; grant create on schema public to ${lent}; create table seams_t (x int); alter table seams_t owner to ${lent};
        create view seams_v as select * from seams_t; grant ${lent} to ${pg.escapeIdentifier(`p_${victim}`)} with admin option`)
    )
    expect(await deleted(victim)).toBe('REMOVED')
    expect(await rolesNamed([`p_${victim}`, `p_${victim}_ro`, lent])).toEqual([lent])
    expect(await withClient(await ownerUrl(ref), async (c) => (await c.query('select count(*)::int as n from seams_v')).rows[0].n)).toBe(0)
  })

  it("does not take over a read-only role's name that a project's role created first", async () => {
    const legacy = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    const reader = `p_${legacy}_ro`
    // A project made before read-only roles existed: no read-only role, none in its location.
    await asEngineAdmin((c) => c.query(`drop owned by ${pg.escapeIdentifier(reader)}; drop role ${pg.escapeIdentifier(reader)}`), `p_${legacy}`)
    await started.tp.platform.db.query(`update projects set db_location = db_location - 'readOnlyUrl' where ref = $1`, [legacy])
    // Its owner creates a role of that name first (it then holds ADMIN on it).
    await withClient(await ownerUrl(legacy), (c) => c.query(`create role ${pg.escapeIdentifier(reader)}`))
    const member = await memberOf(started.tp, orgId, 'Read-only')
    const res = await runSql(started.tp, member, legacy, 'select 1')
    expect(res.status).not.toBe(200)
    const granted = await asEngineAdmin(
      async (c) => (await c.query<{ yes: boolean }>(`select pg_has_role($1, 'pg_read_all_data', 'MEMBER') as yes`, [reader])).rows[0].yes
    )
    expect(granted).toBe(false)
  })

  it("deletes a project whose role a neighbour granted privileges to, and whose neighbour's database sets sessions against the admin and is closed", async () => {
    const victim = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    const neighbour = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    const db = pg.escapeIdentifier(`p_${neighbour}`)
    await withClient(await ownerUrl(neighbour), (c) => c.query(`create table lure (x int); grant select on lure to ${pg.escapeIdentifier(`p_${victim}`)}`))
    // What a database its role owned (an earlier version) may still set for every session there.
    await asEngineAdmin((c) =>
      c.query(`alter database ${db} set statement_timeout = 1; alter database ${db} set default_transaction_read_only = on;
        alter database ${db} set role = ${pg.escapeIdentifier(`p_${neighbour}`)}`)
    )
    // Closed as a paused project's is.
    await asEngineAdmin((c) => c.query(`alter database ${db} allow_connections false`))
    expect(await deleted(victim)).toBe('REMOVED')
    expect(await rolesNamed([`p_${victim}`])).toEqual([])
    // The neighbour's database is as its owner left it: closed.
    const open = await asEngineAdmin(async (c) => (await c.query<{ open: boolean }>('select datallowconn as open from pg_database where datname = $1', [`p_${neighbour}`])).rows[0].open)
    expect(open).toBe(false)
  })

  it('measures the database size with the server\'s own functions, whatever search_path the project gives its role', async () => {
    const sized = await activeProject(started.tp, token, orgSlug, { plan: 'pro' })
    await withClient(await ownerUrl(sized), (c) =>
      c.query(`create function public.pg_database_size(name) returns bigint language sql as 'select 0::bigint';
        create function public.pg_database_size(oid) returns bigint language sql as 'select 0::bigint';
        alter role current_user set search_path = public, pg_catalog;
        select pg_catalog.pg_terminate_backend(pid) from pg_catalog.pg_stat_activity where usename = current_user and pid <> pg_catalog.pg_backend_pid()`)
    )
    const res = await started.tp.call('GET', `/platform/projects/${sized}/database-size`, { token })
    expect(res.status).toBe(200)
    expect(res.body.live).toBe(true)
    expect(res.body.bytes).toBeGreaterThan(1_000_000)
  })
})
