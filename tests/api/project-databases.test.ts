// @vitest-environment node
/**
 * The project-database layer against both backends: embedded PGlite (always) and a throwaway
 * PostgreSQL 15 cluster (when its binaries are installed; required under CI=true).
 */
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProjectDatabases, SqlError, type ProjectDatabases, type ProjectDatabasesConfig, type ProjectDbLocation } from '@/server/databases'
import type { StatementResult } from '@/lib/api-types/sql'
import { pgClusterAvailable, startPgCluster } from '../helpers/pg-cluster'
import { EXTENSIONS } from '@/workers/pglite-extensions.mjs'

/** What the worker's first HARDEN left in a data dir: the loan on CREATE and ALTER EXTENSION. */
const FIRST_HARDENING = `
  CREATE ROLE platform_guard NOLOGIN; CREATE ROLE platform_admin SUPERUSER NOLOGIN;
  CREATE SCHEMA platform_internal AUTHORIZATION platform_admin; REVOKE ALL ON SCHEMA platform_internal FROM PUBLIC;
  CREATE FUNCTION platform_internal.lend_superuser() RETURNS event_trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog
    AS $f$ BEGIN UPDATE pg_catalog.pg_authid SET rolsuper = true WHERE oid = 10; END $f$;
  CREATE FUNCTION platform_internal.take_back_superuser() RETURNS event_trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog
    AS $f$ BEGIN UPDATE pg_catalog.pg_authid SET rolsuper = false WHERE oid = 10; END $f$;
  ALTER FUNCTION platform_internal.lend_superuser() OWNER TO platform_admin;
  ALTER FUNCTION platform_internal.take_back_superuser() OWNER TO platform_admin;
  CREATE EVENT TRIGGER platform_extension_start ON ddl_command_start WHEN TAG IN ('CREATE EXTENSION', 'ALTER EXTENSION')
    EXECUTE FUNCTION platform_internal.lend_superuser();
  CREATE EVENT TRIGGER platform_extension_end ON ddl_command_end WHEN TAG IN ('CREATE EXTENSION', 'ALTER EXTENSION')
    EXECUTE FUNCTION platform_internal.take_back_superuser();
  ALTER EVENT TRIGGER platform_extension_start OWNER TO platform_admin;
  ALTER EVENT TRIGGER platform_extension_end OWNER TO platform_admin;
  UPDATE pg_authid SET rolsuper = false, rolreplication = false WHERE oid = 10`

const databases = (config: Partial<ProjectDatabasesConfig> & { dataDir: string }) =>
  createProjectDatabases({ maxOpen: 5, maxResultBytes: 128 * 1024 * 1024, tempFileLimit: '1GB', terminateGraceMs: 5_000, ...config })

type Ctx = { dbs: ProjectDatabases; location: ProjectDbLocation; dataDir: string; stop(): Promise<void> }

const backends: { name: string; enabled: boolean; start(): Promise<Ctx> }[] = [
  {
    name: 'embedded PGlite',
    enabled: true,
    async start() {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'project-dbs-'))
      const dbs = databases({ dataDir })
      const location = await dbs.provision('alpha', 'local')
      return { dbs, location, dataDir, stop: () => rm(dataDir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'PostgreSQL server',
    enabled: pgClusterAvailable(),
    async start() {
      const cluster = await startPgCluster()
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'project-dbs-'))
      const dbs = databases({ dataDir, projectDbServers: `*=${cluster.url}` })
      const location = await dbs.provision('alpha', 'eu-west-1')
      return {
        dbs,
        location,
        dataDir,
        async stop() {
          await cluster.stop()
          await rm(dataDir, { recursive: true, force: true })
        },
      }
    },
  },
]

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
      await ctx?.dbs.closeAll()
      await ctx?.stop()
    })

    it('provisions a location of the right kind', () => {
      if (backend.name.startsWith('embedded')) expect(ctx.location).toEqual({ kind: 'embedded', ref: 'alpha' })
      else expect(ctx.location).toMatchObject({ kind: 'server', ref: 'alpha', url: expect.stringContaining('/p_alpha') })
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
      if (backend.name.startsWith('embedded')) expect(ctx.dbs.openEmbeddedDirs()).toEqual([])
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
      const error = await runError(`do $$ begin create role someone_else; exception when duplicate_object then null; end $$; set session authorization someone_else`)
      expect(error.pg.code).toBe('42501')
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

    if (backend.name.startsWith('embedded')) {
      it('lets the project role create roles', async () => {
        const [r] = await runAll('create role app_reader nologin; select count(*)::int as n from pg_roles where rolname = $$app_reader$$')
        expect(r.rowCount).toBe(null)
      })

      it('refuses making the lending trigger part of an extension, so no superuser outlasts a CREATE EXTENSION', async () => {
        const error = await runError(`
          create extension citext; alter extension citext add event trigger platform_extension_end;
          drop extension citext; create extension citext;
          create role evil superuser nologin; grant evil to postgres; select 1`)
        expect(error.pg.code).toBe('42501')
        // Not even through the project's own functions: the platform's objects are no member of anything.
        await runAll('create extension if not exists citext')
        const member = await runError('alter extension citext add function platform_internal.lend_superuser()')
        expect(member.pg.code).toBe('42501')
        const [state] = await runAll(`
          select (select string_agg(rolname, ',' order by rolname) from pg_roles where rolsuper) as superusers,
                 (select count(*)::int from pg_auth_members m join pg_roles r on r.oid = m.roleid where r.rolsuper) as in_superuser_roles,
                 (select count(*)::int from pg_roles where rolname = 'evil') as evil`)
        expect(state.rows).toEqual([{ superusers: 'platform_admin', in_superuser_roles: 0, evil: 0 }])
        expect((await runError('set role evil')).pg.code).toBe('22023')
        expect((await runError('set role platform_admin')).pg.code).toBe('42501')
        await runAll('drop extension citext')
      })

      it.each([
        ['drop the language its triggers run in', 'drop extension plpgsql cascade'],
        ['drop its functions', 'drop function platform_internal.lend_superuser() cascade'],
        ['drop its schema', 'drop schema platform_internal cascade'],
        ['disable a trigger', 'alter event trigger platform_extension_end disable'],
        ['rename a trigger', 'alter event trigger platform_extension_end rename to gone'],
        // A server allows this (its extension objects belong to its superuser); here they would be the project's.
        ['put an extension into pg_catalog', 'create extension citext schema pg_catalog'],
      ])("refuses to %s: the platform's and the system's objects are not the project's", async (_, sql) => {
        expect((await runError(sql)).pg.code).toBe('42501')
      })

      it('lets the project role create and drop every extension the database opens with, cube and seg too', async () => {
        // A database of its own: the others here already use some extensions.
        const fresh = await ctx.dbs.provision('every_extension', 'local')
        const runFresh = async (sql: string) =>
          JSON.parse(Buffer.from((await ctx.dbs.run(fresh, sql, { timeoutMs: 10_000, shape: 'last' })).json).toString('utf8')) as Record<string, unknown>[]
        const names = (await runFresh(`select name from pg_available_extensions where name <> 'plpgsql' order by name`)).map((row) => String(row.name))
        expect(names.map((n) => n.replace('-', '_')).sort()).toEqual(Object.keys(EXTENSIONS).sort())
        expect(names).toEqual(expect.arrayContaining(['cube', 'seg']))
        for (const name of names) {
          expect(await runFresh(`create extension "${name}" cascade; select extversion from pg_extension where extname = '${name}'`), name).toHaveLength(1)
          await runFresh(`drop extension "${name}" cascade`)
        }
        expect(await runFresh(`select (select rolsuper from pg_roles where oid = 10) as su, (select count(*)::int from pg_extension where extname <> 'plpgsql') as left_over`)).toEqual([
          { su: false, left_over: 0 },
        ])
      })

      it('brings a data dir hardened the first way (its loan also covered ALTER EXTENSION) up to date when it opens', async () => {
        const dir = path.join(ctx.dataDir, 'projects', 'older')
        await mkdir(dir, { recursive: true })
        const older = await PGlite.create(dir, { extensions: EXTENSIONS })
        await older.exec(`${FIRST_HARDENING}; create extension citext; create table kept (v citext); insert into kept values ('Kept')`)
        await older.close()
        const location = { kind: 'embedded' as const, ref: 'older' }
        const outcome = await ctx.dbs.run(
          location,
          `select (select v from kept where v = 'kept') as v, (select rolsuper from pg_roles where oid = 10) as su,
                  (select string_agg(evtname || ':' || array_to_string(coalesce(evttags, '{}'), ','), ' ' order by evtname) from pg_event_trigger) as triggers`,
          { timeoutMs: 20_000, shape: 'last' }
        )
        expect(JSON.parse(Buffer.from(outcome.json).toString('utf8'))).toEqual([
          {
            v: 'Kept',
            su: false,
            triggers:
              'platform_extension_end:CREATE EXTENSION platform_extension_start:CREATE EXTENSION platform_protect_drop: platform_protect_members:ALTER EXTENSION',
          },
        ])
      })

      it('refuses ALTER EXTENSION … UPDATE, which needs a superuser', async () => {
        await runAll(`create extension hstore version '1.4'`)
        const error = await runError('alter extension hstore update')
        expect(error.pg.code).toBe('42501')
        await runAll('drop extension hstore')
      })

      it('has the fixed extension list', async () => {
        const results = await runAll(`
          create extension if not exists citext; create extension if not exists pgcrypto;
          create extension if not exists "uuid-ossp"; create extension if not exists pg_trgm;
          create extension if not exists hstore; create extension if not exists ltree;
          select 'A'::citext = 'a' as ci, length(gen_random_uuid()::text) as len`)
        expect(results.at(-1)!.rows).toEqual([{ ci: true, len: 36 }])
      })

      it('runs one query at a time per project, in order', async () => {
        await runAll('create table seq (n int)')
        const [first, second] = await Promise.all([
          runAll('insert into seq values (1); select pg_sleep(0.3)'),
          runAll('select count(*)::int as n from seq'),
        ])
        expect(first[0].rowCount).toBe(1)
        expect(second[0].rows).toEqual([{ n: 1 }])
      })

      it('a timeout cancels only its own run, not the one queued behind it', async () => {
        const [timedOut, next] = await Promise.allSettled([
          run('select pg_sleep(20)', { timeoutMs: 300 }),
          runAll('select 42 as answer'),
        ])
        expect(timedOut.status === 'rejected' && (timedOut.reason as SqlError).pg.code).toBe('57014')
        expect(next.status === 'fulfilled' && next.value[0].rows).toEqual([{ answer: 42 }])
      })

      it('keeps at most maxOpen open, closing the least recently used', async () => {
        await ctx.dbs.closeAll()
        const small = databases({ dataDir: ctx.dataDir, maxOpen: 1 })
        try {
          const beta = await small.provision('beta', 'local')
          await small.run(beta, 'create table b (x int); insert into b values (1)', { timeoutMs: 10_000, shape: 'all' })
          await expect.poll(() => small.openEmbeddedDirs().map((d) => path.basename(d))).toEqual(['beta'])
          const alpha = await small.run(ctx.location, 'select v from durable', { timeoutMs: 10_000, shape: 'last' })
          expect(JSON.parse(Buffer.from(alpha.json).toString())).toEqual([{ v: 'still here' }])
          await expect.poll(() => small.openEmbeddedDirs().map((d) => path.basename(d))).toEqual(['alpha'])
        } finally {
          await small.closeAll()
        }
      })
    } else {
      it('refuses a result over the size cap with a clear error, and keeps serving', async () => {
        const small = databases({ dataDir: ctx.dataDir, maxResultBytes: 10_000 })
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

      it("runs as the project's own role, not a superuser", async () => {
        const [r] = await runAll('select current_user as u, (select rolsuper from pg_roles where rolname = current_user) as su')
        expect(r.rows).toEqual([{ u: 'p_alpha', su: false }])
      })

      it('runs on a plain DATABASE_URL location without provisioning', async () => {
        const admin = (ctx.location as { url: string }).url.replace(/\/\/[^@]+@/, '//postgres@').replace(/\/p_alpha/, '/postgres')
        const outcome = await ctx.dbs.run({ kind: 'server', ref: 'default', url: admin }, 'select current_database() as db', {
          timeoutMs: 5_000,
          shape: 'last',
        })
        expect(JSON.parse(Buffer.from(outcome.json).toString())).toEqual([{ db: 'postgres' }])
      })
    }
  })
}
