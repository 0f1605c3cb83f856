// @vitest-environment node
/**
 * The project-database layer on PostgreSQL servers: the run's own server (PostgreSQL 17, as the
 * platform runs it) and, where its binaries are installed (required under CI=true), a throwaway
 * Debian PostgreSQL 15 cluster, a second major version whose roles behave differently (CREATEROLE,
 * the public schema). Each project is its own database and login role: no superuser, CONNECT to its
 * own database only, statement and temp-file limits; pause ends its sessions and refuses new ones,
 * restore allows them again, delete drops the database and its roles.
 */
import { createHash, randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectDatabases, SqlError, type ProjectDatabases, type ProjectDatabasesConfig, type ProjectDbLocation } from '@/server/databases'
import type { StatementResult } from '@/lib/api-types/sql'
import { pgClusterAvailable, startPgCluster } from '../helpers/pg-cluster'
import { engineUrl } from '../helpers/test-platform'

/** Each project's temporary files, in all: small enough for a test to reach. */
const TEMP_FILE_LIMIT = '2MB'

const databases = (config: Partial<ProjectDatabasesConfig> & { projectDbServers: string }) =>
  createProjectDatabases({ maxResultBytes: 128 * 1024 * 1024, tempFileLimit: TEMP_FILE_LIMIT, terminateGraceMs: 5_000, ...config })

type Ctx = {
  dbs: ProjectDatabases
  /** The server's admin (superuser) URL, on its maintenance database. */
  adminUrl: string
  /** Names of this run (roles are server-wide, and other suites share the run's server). */
  tag: string
  ref: string
  location: ProjectDbLocation
  /** Provisions another project on the same server; it is dropped at the end. */
  provision(name: string): Promise<ProjectDbLocation>
  stop(): Promise<void>
}

const REGION = 'eu-west-1'

async function startOn(adminUrl: string, stopServer: () => Promise<void>): Promise<Ctx> {
  const tag = randomBytes(4).toString('hex')
  const dbs = databases({ projectDbServers: `*=${adminUrl}` })
  const made: ProjectDbLocation[] = []
  const provision = async (name: string) => {
    const location = await dbs.provision(`${name}_${tag}`, REGION)
    made.push(location)
    return location
  }
  const location = await provision('alpha')
  return {
    dbs,
    adminUrl,
    tag,
    ref: location.ref,
    location,
    provision,
    async stop() {
      for (const l of made) await dbs.drop(l.ref, REGION, l).catch(() => undefined)
      await dbs.closeAll()
      await stopServer()
    },
  }
}

const backends: { name: string; enabled: boolean; start(): Promise<Ctx> }[] = [
  { name: "the run's server", enabled: true, start: () => startOn(engineUrl(), async () => {}) },
  {
    name: 'PostgreSQL 15',
    enabled: pgClusterAvailable(),
    async start() {
      const cluster = await startPgCluster()
      return startOn(cluster.url, () => cluster.stop())
    },
  },
]

/** Connects with `url` to `database` (by default the URL's own); null when it connects, else the error's code. */
async function connectError(url: string, database?: string): Promise<string | null> {
  const target = new URL(url)
  if (database) target.pathname = `/${database}`
  const client = new pg.Client({ connectionString: target.toString() })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.end()
    return null
  } catch (e) {
    return (e as pg.DatabaseError).code ?? (e as Error).message
  }
}

/** Rows of one query as the server's admin. */
async function asAdmin(adminUrl: string, sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    return (await client.query(sql, params)).rows
  } finally {
    await client.end()
  }
}

for (const backend of backends) {
  describe.skipIf(!backend.enabled)(`project databases: ${backend.name}`, () => {
    let ctx: Ctx

    async function run(sql: string, options: { timeoutMs?: number; shape?: 'all' | 'last' } = {}) {
      const outcome = await ctx.dbs.run(ctx.location, sql, { timeoutMs: 10_000, shape: 'all', ...options })
      return JSON.parse(Buffer.from(outcome.json).toString('utf8'))
    }
    const runAll = (sql: string) => run(sql) as Promise<StatementResult[]>
    async function runError(sql: string, options?: { timeoutMs?: number }) {
      const error = await run(sql, options).then(
        () => null,
        (e: unknown) => e
      )
      expect(error).toBeInstanceOf(SqlError)
      return error as SqlError
    }

    beforeAll(async () => {
      ctx = await backend.start()
    })
    afterAll(async () => {
      await ctx?.stop()
    })

    it("provisions the project's own database, kept by the platform, for its own login role", async () => {
      const name = `p_${ctx.ref}`
      expect(ctx.location).toMatchObject({ kind: 'server', ref: ctx.ref, url: expect.stringContaining(`/${name}`) })
      expect(new URL(ctx.location.url).username).toBe(name)
      const [r] = await runAll(
        `select current_user as u, current_database() as db,
           (select pg_get_userbyid(datdba) <> current_user from pg_database where datname = current_database()) as platforms,
           has_database_privilege(current_database(), 'CONNECT WITH GRANT OPTION, CREATE WITH GRANT OPTION, TEMPORARY WITH GRANT OPTION') as granted,
           (select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'public') as public_owner`
      )
      expect(r.rows).toEqual([{ u: name, db: name, platforms: true, granted: true, public_owner: name }])
    })

    it("runs as the project's own role, which is no superuser and may not create databases", async () => {
      const [r] = await runAll(
        'select current_user as u, rolsuper as su, rolcreatedb as createdb, rolreplication as replication, rolbypassrls as bypassrls from pg_roles where rolname = current_user'
      )
      expect(r.rows).toEqual([{ u: `p_${ctx.ref}`, su: false, createdb: false, replication: false, bypassrls: false }])
      expect((await runError('create database another_one')).pg.code).toBe('42501')
    })

    it('connects to its own database only: not the maintenance database, not template1, not another project’s', async () => {
      const beta = await ctx.provision('beta')
      expect(await connectError(ctx.location.url)).toBeNull()
      for (const database of ['postgres', 'template1', `p_${beta.ref}`]) expect(await connectError(ctx.location.url, database), database).toBe('42501')
      // Nor can the other project reach this one.
      expect(await connectError(beta.url, `p_${ctx.ref}`)).toBe('42501')
    })

    it('another project sees none of its tables', async () => {
      const beta = await ctx.provision('gamma')
      await runAll('create table only_mine (v text); insert into only_mine values (1)')
      const outcome = await ctx.dbs.run(beta, "select to_regclass('only_mine') is null as unseen", { timeoutMs: 10_000, shape: 'last' })
      expect(JSON.parse(Buffer.from(outcome.json).toString())).toEqual([{ unseen: true }])
    })

    it('answers one result per statement, with columns, command and row count', async () => {
      const results = await runAll(`
        create table items (id int primary key, name text, tags jsonb, ok boolean, big bigint, price numeric);
        insert into items values (1, 'one', '{"a":[1,2]}', true, 9007199254740993, 1.50), (2, 'two', null, false, 42, 0);
        select * from items order by id;
        update items set name = name || '!' where id = 2;
      `)
      expect(results.map((r) => [r.command, r.rowCount])).toEqual([
        ['CREATE TABLE', null],
        ['INSERT', 2],
        ['SELECT', 2],
        ['UPDATE', 1],
      ])
      expect(results[0]).toMatchObject({ columns: [], rows: [] })
      expect(results[2].columns).toEqual([
        { name: 'id', dataTypeID: 23 },
        { name: 'name', dataTypeID: 25 },
        { name: 'tags', dataTypeID: 3802 },
        { name: 'ok', dataTypeID: 16 },
        { name: 'big', dataTypeID: 20 },
        { name: 'price', dataTypeID: 1700 },
      ])
      expect(results[2].rows).toEqual([
        { id: 1, name: 'one', tags: { a: [1, 2] }, ok: true, big: '9007199254740993', price: '1.50' },
        { id: 2, name: 'two', tags: null, ok: false, big: 42, price: '0' },
      ])
    })

    it("answers only the last statement's rows with shape 'last'", async () => {
      expect(await run('select 1 as a; select 2 as b, 2 as b', { shape: 'last' })).toEqual([{ b: 2 }])
      expect(await run('select 1 as a; create temp table x (y int)', { shape: 'last' })).toEqual([])
    })

    it('converts floats, NaN and other types sensibly', async () => {
      const [r] = await runAll(
        `select 1.5::float8 f, 'NaN'::float8 n, 3::int2 s, '2024-01-02'::date d, array[1,2] arr, '{"k": "v"}'::json j, 'x' u`
      )
      expect(r.rows).toEqual([{ f: 1.5, n: 'NaN', s: 3, d: '2024-01-02', arr: '{1,2}', j: { k: 'v' }, u: 'x' }])
    })

    it('throws a SqlError with code and position, and rolls back the whole batch', async () => {
      const error = await runError('create table half_done (x int); insert into half_done values (1); selec 2')
      expect(error.message).toBe('syntax error at or near "selec"')
      expect(error.pg.code).toBe('42601')
      expect(error.pg.position).toBe(67) // 1-based, in the whole batch
      const [r] = await runAll(`select to_regclass('half_done') is null as gone`)
      expect(r.rows).toEqual([{ gone: true }])

      const constraint = await runError('select * from nope_missing')
      expect(constraint.pg).toMatchObject({ code: '42P01', position: 15 })
      const withDetail = await runError(`insert into items values (1, 'dup')`)
      expect(withDetail.pg.code).toBe('23505')
      expect(withDetail.pg.detail).toContain('already exists')
    })

    it('restores a clean session after every run', async () => {
      await runAll('begin; create table leaked (x int)')
      expect((await runAll(`select to_regclass('leaked') is null as gone`))[0].rows).toEqual([{ gone: true }])

      await runAll('set search_path = nowhere')
      const [show] = await runAll('show search_path')
      expect(show.rows[0].search_path).not.toContain('nowhere')

      await runError('begin; select 1/0')
      expect((await runAll('select 1 as one'))[0].rows).toEqual([{ one: 1 }])

      await runAll('prepare p1 as select 1')
      await runAll('prepare p1 as select 1') // would fail with "already exists" if it leaked
    })

    it('refuses COPY FROM STDIN without breaking the session', async () => {
      const error = await runError('copy items from stdin')
      expect(error.message).toContain('COPY FROM STDIN is not supported')
      expect((await runAll('select count(*)::int as n from items'))[0].rows).toEqual([{ n: 2 }])
    })

    it('cancels on timeout, then keeps answering with committed data intact', async () => {
      await runAll('create table kept (x int); insert into kept values (7)')
      const error = await runError('insert into kept values (8); select pg_sleep(20)', { timeoutMs: 500 })
      expect(error.message).toBe('canceling statement due to statement timeout')
      expect(error.pg.code).toBe('57014')
      expect((await runAll('select x from kept order by x'))[0].rows).toEqual([{ x: 7 }])
    })

    it('holds the timeout even when the SQL turns statement_timeout off', async () => {
      const error = await runError('set statement_timeout = 0; select pg_sleep(30)', { timeoutMs: 500 })
      expect(error.message).toBe('canceling statement due to statement timeout')
      expect(error.pg.code).toBe('57014')
      expect((await runAll('select 1 as ok'))[0].rows).toEqual([{ ok: 1 }])
    })

    it('keeps data across close and reopen', async () => {
      await runAll(`create table durable (v text); insert into durable values ('still here')`)
      await ctx.dbs.closeAll()
      expect((await runAll('select v from durable'))[0].rows).toEqual([{ v: 'still here' }])
    })

    it('returns 100k rows', async () => {
      const [r] = await runAll('select g, md5(g::text) from generate_series(1,100000) g')
      expect(r.rowCount).toBe(100_000)
      expect(r.rows).toHaveLength(100_000)
      expect(r.rows[99_999]).toEqual({ g: 100_000, md5: createHash('md5').update('100000').digest('hex') })
    })

    it.each([
      ['COPY … TO PROGRAM', "copy (select 1) to program 'true'"],
      ['CREATE TABLESPACE', "create tablespace escape location '/tmp'"],
      ['ALTER SYSTEM', "alter system set work_mem = '1MB'"],
      ['pg_read_file', "select pg_read_file('PG_VERSION')"],
      ['lo_import', "select lo_import('/etc/hostname')"],
      ['a C function', "create function evil() returns int language c as 'libc', 'getpid'"],
      ['becoming a superuser', 'alter role current_user superuser'],
      ['joining pg_execute_server_program', 'grant pg_execute_server_program to current_user'],
      ['a function of its own in pg_catalog', "create function pg_catalog.shadow() returns int language sql as 'select 1'"],
      ['moving a built-in function out of pg_catalog', 'alter function pg_catalog.upper(text) set schema public'],
      ['a cast between built-in types', "create function text_to_int8(text) returns int8 language sql as 'select 1::int8'; create cast (text as int8) with function text_to_int8(text) as implicit"],
      ['superuser work after an extension', "create extension if not exists pgcrypto; create function evil2() returns int language c as 'libc', 'getpid'"],
      [
        'superuser work inside a function after an extension',
        "do $$ begin create extension if not exists pgcrypto; execute 'create function evil3() returns int language c as ''libc'', ''getpid'''; end $$",
      ],
    ])("refuses %s: users' SQL has no superuser powers", async (_, sql) => {
      const error = await runError(sql)
      expect(error.pg.code).toBe('42501')
    })

    it('refuses switching to another role with SET SESSION AUTHORIZATION', async () => {
      // A role that exists on the server (roles are server-wide: a name of this run's own, dropped again).
      const other = `someone_else_${ctx.tag}`
      await asAdmin(ctx.adminUrl, `create role ${other} nologin`)
      try {
        expect((await runError(`set session authorization ${other}`)).pg.code).toBe('42501')
        expect((await runError(`set role ${other}`)).pg.code).toBe('42501')
      } finally {
        await asAdmin(ctx.adminUrl, `drop role if exists ${other}`)
      }
    })

    it("stays usable after refused escapes, and what it acknowledged survives a reopen", async () => {
      await runError("copy (select 1) to program 'true'")
      await runAll('create table after_escape (x int); insert into after_escape values (42)')
      await ctx.dbs.closeAll()
      expect((await runAll('select x from after_escape'))[0].rows).toEqual([{ x: 42 }])
      const [me] = await runAll('select (select rolsuper from pg_roles where rolname = current_user) as su')
      expect(me.rows).toEqual([{ su: false }])
    })

    it('lets the project role build its schema: tables, functions, policies, trusted extensions', async () => {
      const results = await runAll(`
        create extension if not exists pgcrypto;
        create table owned (id uuid primary key default gen_random_uuid(), owner text);
        alter table owned enable row level security;
        create policy own_rows on owned using (owner = current_user);
        create function twice(x int) returns int language sql as 'select 2 * x';
        select twice(21) as answer`)
      expect(results.at(-1)!.rows).toEqual([{ answer: 42 }])
    })

    it('reports the server version', async () => {
      expect(await ctx.dbs.version(ctx.location)).toMatch(/^PostgreSQL \d+/)
    })


    it('bounds its temporary files: a sort that spills past the limit fails, and the role cannot lift it', async () => {
      const [r] = await runAll("select current_setting('temp_file_limit') as limit")
      expect(r.rows).toEqual([{ limit: TEMP_FILE_LIMIT }])
      const error = await runError("set work_mem = '64kB'; select count(*) from (select g from generate_series(1, 1000000) g order by g desc) s")
      expect(error.pg.code).toBe('53400')
      expect(error.message).toMatch(/temp_file_limit/)
      expect((await runError('set temp_file_limit = -1')).pg.code).toBe('42501')
    })

    it('runs of one project go side by side: a timeout cancels only its own run', async () => {
      const [timedOut, next] = await Promise.allSettled([run('select pg_sleep(20)', { timeoutMs: 300 }), runAll('select 42 as answer')])
      expect(timedOut.status === 'rejected' && (timedOut.reason as SqlError).pg.code).toBe('57014')
      expect(next.status === 'fulfilled' && next.value[0].rows).toEqual([{ answer: 42 }])
    })

    it('has a connection limit of its own: past PROJECT_CONNECTION_LIMIT sessions its role is refused, other projects are not', async () => {
      const limited = databases({ projectDbServers: `*=${ctx.adminUrl}`, connectionLimit: 3 })
      const location = await limited.provision(`limited_${ctx.tag}`, REGION)
      const held: pg.Client[] = []
      try {
        for (let i = 0; i < 3; i++) {
          const client = new pg.Client({ connectionString: location.url })
          await client.connect()
          held.push(client)
        }
        const one = new pg.Client({ connectionString: location.url })
        await expect(one.connect()).rejects.toThrow(/too many connections for role/)
        expect((await runAll('select 1 as other')).at(-1)!.rows).toEqual([{ other: 1 }])
      } finally {
        for (const client of held) await client.end()
        await limited.drop(location.ref, REGION, location)
        await limited.closeAll()
      }
    })

    it('refuses a result over the size cap with a clear error, and keeps serving', async () => {
      const small = databases({ projectDbServers: `*=${ctx.adminUrl}`, maxResultBytes: 10_000 })
      try {
        const error = await small.run(ctx.location, "select repeat('x', 100) as v from generate_series(1, 1000)", { timeoutMs: 10_000, shape: 'all' }).then(
          () => null,
          (e: SqlError) => e
        )
        expect(error?.pg.code).toBe('54000')
        expect(error?.message).toContain('Add a LIMIT')
      } finally {
        await small.closeAll()
      }
      expect((await runAll('select 2 as ok'))[0].rows).toEqual([{ ok: 2 }])
    })

    it('runs on a plain DATABASE_URL location without provisioning', async () => {
      const outcome = await ctx.dbs.run({ kind: 'server', ref: 'default', url: ctx.adminUrl }, 'select current_database() as db', {
        timeoutMs: 5_000,
        shape: 'last',
      })
      expect(JSON.parse(Buffer.from(outcome.json).toString())).toEqual([{ db: 'postgres' }])
    })

    it('pause ends its sessions and refuses new ones; restore lets them in again', async () => {
      const project = await ctx.provision('paused')
      await ctx.dbs.run(project, 'create table kept (v int); insert into kept values (5)', { timeoutMs: 10_000, shape: 'last' })
      const open = new pg.Client({ connectionString: project.url })
      await open.connect()
      const ended = new Promise<Error>((resolve) => open.on('error', resolve))
      await ctx.dbs.suspend(project, REGION)
      expect((await ended).message).toMatch(/terminat/)
      await open.end().catch(() => undefined)
      expect(await connectError(project.url)).not.toBeNull()
      await expect(ctx.dbs.run(project, 'select 1', { timeoutMs: 5_000, shape: 'last' })).rejects.toThrow()
      // The database is closed to everyone, whatever the role.
      const [closed] = await asAdmin(ctx.adminUrl, 'select datallowconn from pg_database where datname = $1', [`p_${project.ref}`])
      expect(closed).toEqual({ datallowconn: false })

      await ctx.dbs.resume(project, REGION)
      expect(await connectError(project.url)).toBeNull()
      const outcome = await ctx.dbs.run(project, 'select v from kept', { timeoutMs: 5_000, shape: 'last' })
      expect(JSON.parse(Buffer.from(outcome.json).toString())).toEqual([{ v: 5 }])
    })

    it('delete drops the database and both of its roles, ending its sessions', async () => {
      const project = await ctx.provision('deleted')
      const withReader = await ctx.dbs.ensureReadOnly(project, REGION)
      const name = `p_${project.ref}`
      const open = new pg.Client({ connectionString: project.url })
      await open.connect()
      open.on('error', () => undefined)
      expect(await asAdmin(ctx.adminUrl, 'select rolname from pg_roles where rolname in ($1, $2) order by rolname', [name, `${name}_ro`])).toHaveLength(2)
      await ctx.dbs.drop(project.ref, REGION, withReader)
      await expect(open.query('select 1')).rejects.toThrow()
      await open.end().catch(() => undefined)
      expect(await asAdmin(ctx.adminUrl, 'select datname from pg_database where datname = $1', [name])).toEqual([])
      expect(await asAdmin(ctx.adminUrl, 'select rolname from pg_roles where rolname in ($1, $2)', [name, `${name}_ro`])).toEqual([])
      expect(await connectError(project.url)).not.toBeNull()
    })
  })
}
