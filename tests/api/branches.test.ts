// @vitest-environment node
/**
 * Preview branches: a new project with its own database holding the parent's schema and none of
 * its rows (a copy of the parent's database on its server, made the branch's own and emptied by
 * the branch's own role), listed under its parent; deleting it deletes that project only.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import { pgClusterAvailable, startPgCluster } from '../helpers/pg-cluster'
import { asEngineAdmin, startTestPlatform, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf, runSql, statusOf } from '../helpers/project-backends'

/** A project's database and owner role on its server. */
const role = (ref: string) => `p_${ref}`

type AsAdmin = <T>(fn: (client: pg.Client) => Promise<T>, database?: string) => Promise<T>
type Server = { name: string; enabled: boolean; start(): Promise<{ tp: TestPlatform; asAdmin: AsAdmin; stop(): Promise<void> }> }

/** The copy is made by the server itself: on the run's server, and on Debian's PostgreSQL 15 (an older server). */
const SERVERS: Server[] = [
  ...BACKENDS.map((backend) => ({
    name: `the run's server`,
    enabled: backend.enabled,
    async start() {
      const { tp, stop } = await backend.start()
      return { tp, stop, asAdmin: asEngineAdmin }
    },
  })),
  {
    name: 'PostgreSQL 15',
    enabled: pgClusterAvailable(),
    async start() {
      const cluster = await startPgCluster()
      const tp = await startTestPlatform({ projectDbServers: `*=${cluster.url}` }).catch(async (e) => {
        await cluster.stop()
        throw e
      })
      const asAdmin: AsAdmin = async (fn, database = 'postgres') => {
        const url = new URL(cluster.url)
        url.pathname = `/${database}`
        const client = new pg.Client({ connectionString: url.toString() })
        await client.connect()
        try {
          return await fn(client)
        } finally {
          await client.end()
        }
      }
      return { tp, asAdmin, stop: () => tp.close().finally(() => cluster.stop()) }
    },
  },
]

for (const server of SERVERS) {
  describe.skipIf(!server.enabled)(`preview branches: ${server.name}`, () => {
    let tp: TestPlatform
    let asAdmin: AsAdmin
    let stop: () => Promise<void>
    let token: string
    let parent: string
    let branch: string
    let orgId: number

    beforeAll(async () => {
      ;({ tp, asAdmin, stop } = await server.start())
      const owner = await ownerWithOrg(tp)
      token = owner.token
      orgId = owner.org.id
      parent = await activeProject(tp, token, owner.org.slug, { plan: 'pro' })
      const made = await runSql(
        tp,
        token,
        parent,
        `create table authors (id serial primary key, name text not null unique);
         create table books (id serial primary key, author_id int references authors (id), title text);
         create view titles as select title from books;
         insert into authors (name) values ('Ada'), ('Grace');
         insert into books (author_id, title) values (1, 'Notes'), (2, 'Compilers');
         create function author_count() returns int language sql as 'select count(*)::int from authors';
         create extension citext;
         create table tags (name citext primary key);
         insert into tags values ('Draft');
         create sequence counter;
         select nextval('counter'), nextval('counter');
         create materialized view author_names as select name from authors;
         select lo_from_bytea(0, 'a large object');
         alter table authors enable row level security;
         create policy mine on authors to ${role(parent)} using (true);
         alter default privileges revoke execute on functions from public;
         -- A trap: whoever empties this table runs this as themselves.
         create table trap_log (who text, su boolean);
         create table trapped (x int);
         insert into trapped values (1);
         create function trap() returns trigger language plpgsql set search_path = public as $$
         begin
           insert into trap_log values (current_user, (select rolsuper from pg_roles where rolname = current_user));
           begin
             execute format('alter role %I superuser', current_user);
           exception when others then null;
           end;
           return null;
         end $$;
         create trigger trap after truncate on trapped for each statement execute function trap();
         analyze authors;`
      )
      expect(made.status).toBe(200)
      // What the platform grants a project's roles as the admin (the extensions it creates for them).
      await asAdmin(
        (c) =>
          c.query(
            `create schema granted;
             create function granted.answer() returns int language sql as 'select 42';
             revoke all on function granted.answer() from public;
             grant usage on schema granted to ${role(parent)}, ${role(parent)}_ro;
             grant execute on function granted.answer() to ${role(parent)}`
          ),
        role(parent)
      )
    })
    afterAll(async () => stop?.())

    async function locationOf(ref: string): Promise<ProjectDbLocation> {
      const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [ref])
      return row.db_location
    }

    it('creates a branch with the parent schema and no rows', async () => {
      const res = await tp.call('POST', `/platform/projects/${parent}/branches`, { token, body: { name: 'feature-x' } })
      expect(res.status).toBe(201)
      expect(res.body).toMatchObject({ status: 'COMING_UP', parent_project_ref: parent, name: 'feature-x' })
      branch = res.body.ref
      await settle(tp.platform)
      expect(await statusOf(tp, branch)).toBe('ACTIVE_HEALTHY')
      const counts = await runSql(tp, token, branch, 'select (select count(*) from authors)::int as authors, (select count(*) from books)::int as books, (select count(*) from titles)::int as titles')
      expect(counts.status).toBe(200)
      expect(counts.body.results[0].rows).toEqual([{ authors: 0, books: 0, titles: 0 }])
      // The schema works: constraints and sequences start afresh.
      const insert = await runSql(tp, token, branch, "insert into authors (name) values ('Linus') returning id")
      expect(insert.body.results[0].rows).toEqual([{ id: 1 }])
      const parentRows = await runSql(tp, token, parent, 'select count(*)::int as n from authors')
      expect(parentRows.body.results[0].rows).toEqual([{ n: 2 }])
    })

    it('empties what carries rows: sequences restart, materialized views and large objects hold none', async () => {
      expect(
        await rowsOf(
          tp,
          token,
          branch,
          `select author_count() as authors, nextval('counter')::int as counter, (select count(*)::int from tags) as tags,
             (select ispopulated from pg_matviews where matviewname = 'author_names') as populated,
             (select count(*)::int from pg_largeobject_metadata) as large_objects,
             (select count(*)::int from pg_stats where tablename = 'authors') as sampled_columns`
        )
      ).toEqual([{ authors: 1, counter: 1, tags: 0, populated: false, large_objects: 0, sampled_columns: 0 }]) // the author added above
      // The parent's own are as they were.
      expect(
        await rowsOf(
          tp,
          token,
          parent,
          `select nextval('counter')::int as counter, (select count(*)::int from author_names) as names,
             (select count(*)::int from pg_stats where tablename = 'authors') > 0 as sampled`
        )
      ).toEqual([{ counter: 3, names: 2, sampled: true }])
    })

    it("makes everything in the branch its own role's, and nothing there names the parent's roles", async () => {
      const [owners] = await rowsOf(
        tp,
        token,
        branch,
        `select
           (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relowner <> to_regrole(current_user)) as foreign_relations,
           (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = 'public' and p.proowner <> to_regrole(current_user)
                and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')) as foreign_functions,
           (select count(*)::int from pg_shdepend where dbid = (select oid from pg_database where datname = current_database())
              and refobjid in (select oid from pg_roles where rolname in ('${role(parent)}', '${role(parent)}_ro'))) as parent_references,
           (select polroles::regrole[]::text from pg_policy where polname = 'mine') as policy_roles,
           (select string_agg(distinct defaclrole::regrole::text, ',') from pg_default_acl) as default_privileges_of,
           granted.answer() as granted`
      )
      expect(owners).toEqual({
        foreign_relations: 0,
        foreign_functions: 0,
        parent_references: 0,
        policy_roles: `{${role(branch)}}`,
        default_privileges_of: role(branch),
        granted: 42,
      })
      // The parent's database stays the platform's, open, its role still holding CONNECT and CREATE.
      const db = await asAdmin((c) =>
        c.query(
          `select datdba::regrole::text as owner, datallowconn, has_database_privilege($2, datname, 'CONNECT, CREATE') as granted from pg_database where datname = $1`,
          [role(parent), role(parent)]
        )
      )
      expect(db.rows[0]).toEqual({ owner: 'postgres', datallowconn: true, granted: true })
    })

    it("refuses the parent's role a connection to the branch's database", async () => {
      const url = new URL((await locationOf(parent)).url)
      url.pathname = `/${role(branch)}`
      const client = new pg.Client({ connectionString: url.toString() })
      client.on('error', () => undefined)
      await expect(client.connect()).rejects.toThrow(/permission denied for database/)
      await client.end().catch(() => undefined)
    })

    it("runs no trigger of the project's while emptying, and never as a superuser", async () => {
      // The trap did not fire (nothing logged), and stays armed in the branch as it was.
      expect(
        await rowsOf(
          tp,
          token,
          branch,
          `select (select count(*)::int from trap_log) as logged, (select tgenabled::text from pg_trigger where tgname = 'trap') as enabled,
             (select count(*)::int from pg_roles where rolsuper and rolname like 'p\\_%') as superusers`
        )
      ).toEqual([{ logged: 0, enabled: 'O', superusers: 0 }])
      expect(await rowsOf(tp, token, branch, 'truncate trapped; select who, su from trap_log')).toEqual([{ who: role(branch), su: false }])
    })

    it('lists the branch under its parent and in the project list', async () => {
      const detail = (await tp.call('GET', `/platform/projects/${parent}`, { token })).body
      expect(detail.preview_branch_refs).toEqual([branch])
      const branches = (await tp.call('GET', `/platform/projects/${parent}/branches`, { token })).body as { ref: string }[]
      expect(branches.map((b) => b.ref)).toEqual([branch])
      const list = (await tp.call('GET', '/platform/projects', { token })).body as { ref: string }[]
      expect(list.map((p) => p.ref)).toContain(branch)
    })

    it("refuses a second branch of a name the parent's live branches have, whatever its case, also asked twice at once", async () => {
      const again = await tp.call('POST', `/platform/projects/${parent}/branches`, { token, body: { name: 'Feature-X' } })
      expect(again.status).toBe(409)
      expect(again.body.message).toBe('This project already has a branch named “Feature-X”; choose another name, or delete that branch first.')
      const both = await Promise.all([0, 1].map(() => tp.call('POST', `/platform/projects/${parent}/branches`, { token, body: { name: 'twice' } })))
      expect(both.map((r) => r.status).sort()).toEqual([201, 409])
      const made = both.find((r) => r.status === 201)!.body.ref as string
      await settle(tp.platform)
      expect((await tp.call('DELETE', `/platform/projects/${made}`, { token })).status).toBe(200)
      await settle(tp.platform)
      // A deleted branch's name is free again.
      const reused = await tp.call('POST', `/platform/projects/${parent}/branches`, { token, body: { name: 'twice' } })
      expect(reused.status).toBe(201)
      await settle(tp.platform)
      expect((await tp.call('DELETE', `/platform/projects/${reused.body.ref}`, { token })).status).toBe(200)
      await settle(tp.platform)
    })

    it('refuses a branch of a branch, and a Read-only member', async () => {
      const nested = await tp.call('POST', `/platform/projects/${branch}/branches`, { token, body: { name: 'nested' } })
      expect(nested.status).toBe(409)
      const reader = await memberOf(tp, orgId, 'Read-only')
      const refused = await tp.call('POST', `/platform/projects/${parent}/branches`, { token: reader, body: { name: 'nope' } })
      expect(refused.status).toBe(403)
    })

    it('copies a paused parent, which stays paused', async () => {
      const location = await locationOf(parent)
      const copy = `paused-copy-${Date.now()}`
      await tp.platform.databases.suspend(location, 'us-east-1')
      try {
        const made = await tp.platform.databases.provision(copy, 'us-east-1', { schemaFrom: location })
        const open = await asAdmin((c) => c.query('select datname, datallowconn from pg_database where datname = any($1)', [[role(copy), role(parent)]]))
        expect(Object.fromEntries(open.rows.map((r) => [r.datname, r.datallowconn]))).toEqual({ [role(parent)]: false, [role(copy)]: true })
        const counts = await tp.platform.databases.run(made, 'select count(*)::int as n from authors', { timeoutMs: 10_000, shape: 'last' })
        expect(JSON.parse(counts.json.toString())).toEqual([{ n: 0 }])
      } finally {
        await tp.platform.databases.resume(location, 'us-east-1')
        await tp.platform.databases.drop(copy, 'us-east-1', null)
      }
      expect(await rowsOf(tp, token, parent, 'select count(*)::int as n from authors')).toEqual([{ n: 2 }])
    })

    it('starts a retried branch over from a fresh copy', async () => {
      const location = await locationOf(parent)
      const copy = `retried-copy-${Date.now()}`
      try {
        const first = await tp.platform.databases.provision(copy, 'us-east-1', { schemaFrom: location })
        // What an earlier, failed attempt may have left behind.
        await tp.platform.databases.run(first, 'create table leftover (x int)', { timeoutMs: 10_000, shape: 'last' })
        const again = await tp.platform.databases.provision(copy, 'us-east-1', { schemaFrom: location })
        const tables = await tp.platform.databases.run(
          again,
          "select count(*)::int as leftover, (select count(*)::int from authors) as authors from pg_tables where tablename = 'leftover'",
          { timeoutMs: 10_000, shape: 'last' }
        )
        expect(JSON.parse(tables.json.toString())).toEqual([{ leftover: 0, authors: 0 }])
      } finally {
        await tp.platform.databases.drop(copy, 'us-east-1', null)
      }
    })

    it('deletes a branch like a project, the parent untouched', async () => {
      const res = await tp.call('DELETE', `/platform/projects/${branch}`, { token })
      expect(res.status).toBe(200)
      await settle(tp.platform)
      expect(await statusOf(tp, branch)).toBe('REMOVED')
      expect((await tp.call('GET', `/platform/projects/${parent}/branches`, { token })).body).toEqual([])
      expect((await tp.call('GET', `/platform/projects/${parent}`, { token })).body.preview_branch_refs).toEqual([])
      expect(await statusOf(tp, parent)).toBe('ACTIVE_HEALTHY')
    })
  })
}
