// @vitest-environment node
/**
 * The project feature pages (query performance, cron, webhooks, vault, wrappers) against the real
 * platform: their detection and listing SQL runs through the SQL endpoint as the dashboard runs it
 * (history skipped), for the Owner and a Read-only member, and what each page would say follows
 * from what the database really has. On the project's PostgreSQL server the contrib extensions
 * exist, but only a superuser may create them: the platform
 * does for pg_stat_statements (the server preloads it), the server's operator for postgres_fdw,
 * and then the pages show real data.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { capabilitiesFromRows, CAPABILITIES_SQL, createExtensionSql, extensionStatus, type Capabilities } from '@/lib/sql/project-features/capabilities'
import { hooksFromRows, HOOKS_SQL } from '@/lib/sql/project-features/hooks'
import { resetStatementsSql, statementsFromRows, statementsSql } from '@/lib/sql/project-features/query-performance'
import { wrappersFromRows, WRAPPERS_SQL } from '@/lib/sql/project-features/wrappers'
import { addTableSql, dropTableSql, PUBLICATIONS_SQL, publicationsFromRows, replicaIdentitySql, setEventsSql } from '@/lib/sql/publications'
import type { PgCluster } from '../helpers/pg-cluster'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf, runSql } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`project features: ${backend.name}`, () => {
    let tp: TestPlatform
    let cluster: PgCluster | null
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    /** SQL as the project's owner through the SQL endpoint; fails the test when it fails. */
    const sql = (query: string) => rowsOf(tp, owner, ref, query)
    /** A page's read, as the dashboard sends it. */
    async function read(query: string, token = owner) {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?history=skip`, { token, body: { query } })
      if (res.status !== 200) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(res.body)}`)
      return res.body as unknown[]
    }
    const capabilities = async (token = owner): Promise<Capabilities> => capabilitiesFromRows(await read(CAPABILITIES_SQL, token))
    /** SQL as the server's operator, in the project's database. */
    async function asOperator(query: string) {
      const [{ name }] = await sql('select current_database() as name')
      const admin = new pg.Client({ connectionString: cluster!.url.replace(/\/postgres$/, `/${name as string}`) })
      await admin.connect()
      try {
        await admin.query(query)
      } finally {
        await admin.end()
      }
    }

    beforeAll(async () => {
      ;({ tp, cluster, stop } = await backend.start())
      const o = await ownerWithOrg(tp)
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug, { plan: 'team' })
      reader = await memberOf(tp, o.org.id, 'Read-only')
    })
    afterAll(async () => stop?.())

    describe.each([
      ['the Owner', () => owner],
      ['a Read-only member', () => reader],
    ])('as %s', (_, token) => {
      it('reads the capabilities: cron, webhooks and the vault are not offered', async () => {
        const caps = await capabilities(token())
        expect(caps.superuser).toBe(false)
        for (const name of ['pg_cron', 'pg_net', 'supabase_vault'] as const) expect(extensionStatus(caps, name).state).toBe('missing')
      })

      it('says what query performance and the wrappers need', async () => {
        const caps = await capabilities(token())
        // There from the start (the platform made it, as hosted projects have it), preloaded.
        expect(extensionStatus(caps, 'pg_stat_statements')).toMatchObject({ state: 'installed', preloaded: true, schema: 'extensions' })
        // Shipped with the server, but not trusted: the project's role may not create it.
        expect(extensionStatus(caps, 'postgres_fdw')).toMatchObject({ state: 'available', canCreate: false, trusted: false })
        expect(extensionStatus(caps, 'wrappers').state).toBe('missing')
      })

      it('lists the foreign data catalog and the webhooks, empty', async () => {
        expect(wrappersFromRows(await read(WRAPPERS_SQL, token()))).toEqual({ wrappers: [], servers: [], foreign_tables: [] })
        expect(hooksFromRows(await read(HOOKS_SQL, token()))).toEqual([])
      })
    })

    it("refuses what the project's role may not create, with Postgres' message", async () => {
      const res = await runSql(tp, owner, ref, createExtensionSql('postgres_fdw'))
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/permission denied to create extension "postgres_fdw"/)
    })

    it('lists a trigger that calls net.http_post as a webhook, for every member', async () => {
      // PL/pgSQL checks the body's syntax only: the function can name pg_net without it.
      await sql(`create table public.orders (id bigint primary key, total numeric);
        create function public.notify_order() returns trigger language plpgsql as $$
        begin perform net.http_post(url := 'https://example.com/hook', body := to_jsonb(new)); return new; end $$;
        create trigger "orders webhook" after insert or update on public.orders for each row execute function public.notify_order();
        create function public.plain() returns trigger language plpgsql as $$ begin return new; end $$;
        create trigger orders_plain before insert on public.orders for each row execute function public.plain();`)
      for (const token of [owner, reader]) {
        expect(hooksFromRows(await read(HOOKS_SQL, token))).toEqual([
          expect.objectContaining({ schema: 'public', table: 'orders', name: 'orders webhook', function: 'public.notify_order', timing: 'after', events: 'insert, update', enabled: true }),
        ])
      }
    })

    it.skipIf(backend.name !== 'server')('lists a foreign table through postgres_fdw once the operator created it, never a password', async () => {
      const role = `p_${ref}`
      await asOperator(`create extension postgres_fdw; grant usage on foreign data wrapper postgres_fdw to ${pg.escapeIdentifier(role)}`)
      const caps = await capabilities()
      expect(extensionStatus(caps, 'postgres_fdw')).toMatchObject({ state: 'installed', schema: 'public' })
      await sql(`create server reporting foreign data wrapper postgres_fdw options (host '127.0.0.1', port '${cluster!.port}', dbname 'postgres');
        create user mapping for current_user server reporting options (user 'nobody', password 'hunter2-secret');
        create foreign table public.remote_orders (id bigint, total numeric) server reporting options (schema_name 'public', table_name 'orders');`)
      for (const token of [owner, reader]) {
        const answer = await read(WRAPPERS_SQL, token)
        expect(JSON.stringify(answer)).not.toContain('hunter2')
        const catalog = wrappersFromRows(answer)
        expect(catalog.wrappers).toEqual([expect.objectContaining({ name: 'postgres_fdw', extension: 'postgres_fdw', usable: token === owner })])
        expect(catalog.servers).toEqual([
          expect.objectContaining({ name: 'reporting', wrapper: 'postgres_fdw', options: { host: '127.0.0.1', port: String(cluster!.port), dbname: 'postgres' }, user_mappings: [role] }),
        ])
        expect(catalog.foreign_tables).toEqual([{ schema: 'public', name: 'remote_orders', server: 'reporting', options: { schema_name: 'public', table_name: 'orders' }, columns: ['id', 'total'] }])
      }
    })

    it("has the supabase_realtime publication from the start, the project's own: Database → Publications adds a table, sets its events and a table's replica identity", async () => {
      const listing = async (token = owner) => publicationsFromRows(await read(PUBLICATIONS_SQL, token))
      const realtime = async () => (await listing()).publications.find((p) => p.name === 'supabase_realtime')
      expect(await realtime()).toMatchObject({ owner: `p_${ref}`, owned: true, allTables: false, tables: [], events: { insert: true, update: true, delete: true, truncate: true } })
      await sql('create table public.todos (id bigint primary key, task text)')
      const todos = { schema: 'public', name: 'todos' }
      expect((await listing()).tables).toContainEqual(expect.objectContaining({ ...todos, replicaIdentity: 'default', hasPrimaryKey: true, owned: true }))
      // The platform's service schemas are not the project's to publish.
      expect((await listing()).tables.some((t) => t.schema === 'auth' || t.schema === 'storage')).toBe(false)

      // A Read-only member reads the page and changes nothing.
      expect((await listing(reader)).publications.map((p) => p.name)).toContain('supabase_realtime')
      expect((await runSql(tp, reader, ref, addTableSql('supabase_realtime', todos))).status).toBe(403)

      for (const statement of [addTableSql('supabase_realtime', todos), setEventsSql('supabase_realtime', { insert: true, update: true, delete: false, truncate: false }), replicaIdentitySql(todos, 'full')])
        expect((await runSql(tp, owner, ref, statement)).status, statement).toBe(200)
      expect(await realtime()).toMatchObject({ tables: [todos], events: { insert: true, update: true, delete: false, truncate: false } })
      expect((await listing()).tables).toContainEqual(expect.objectContaining({ ...todos, replicaIdentity: 'full' }))
      expect((await runSql(tp, owner, ref, dropTableSql('supabase_realtime', todos))).status).toBe(200)
      expect((await realtime())?.tables).toEqual([])
      await sql('drop table public.todos')
    })

    it.skipIf(backend.name !== 'server')(
      "query performance out of the box: pg_stat_statements is there from the start, the page reads this database's statements and resets them",
      async () => {
        const caps = await capabilities()
        expect(extensionStatus(caps, 'pg_stat_statements')).toMatchObject({ state: 'installed', preloaded: true, schema: 'extensions' })
        expect(caps.statements_reset_database).toBe(true)
        expect((await capabilities(reader)).statements_reset_database).toBe(false)

        for (let i = 0; i < 3; i++) await sql('select count(*) from public.orders where total > 7')
        const mine = () =>
          read(statementsSql('extensions')).then((rows) => statementsFromRows(rows)).then((all) => all.find((s) => s.query === 'select count(*) from public.orders where total > $1'))
        const found = await mine()
        expect(found).toMatchObject({ role: `p_${ref}`, calls: 3, rows: 3 })
        expect(found!.total_time).toBeGreaterThanOrEqual(found!.mean_time)
        // A Read-only member reads them too.
        expect(statementsFromRows(await read(statementsSql('extensions'), reader)).length).toBeGreaterThan(0)

        // Postgres' reset forgets every database's statistics: a superuser's only.
        const serverWide = await runSql(tp, owner, ref, resetStatementsSql('extensions'))
        expect(serverWide.status).toBe(400)
        expect(serverWide.body.message).toMatch(/permission denied for function pg_stat_statements_reset/)
        const reset = await runSql(tp, owner, ref, resetStatementsSql('extensions', { databaseOnly: true }))
        expect(reset.status, JSON.stringify(reset.body)).toBe(200)
        expect(await mine()).toBeUndefined()
      }
    )
  })
}
