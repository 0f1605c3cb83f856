// @vitest-environment node
/**
 * The SQL editor's catalog query (lib/sql/completion/catalog.ts) run for real through the SQL
 * endpoint, the way the dashboard sends it (no `results=all`: the last statement's rows), on both
 * backends: PGlite (Postgres 17/18) and a PostgreSQL server (15 here). It names the project's
 * schemas, tables, views and columns in order, and functions, leaves out what the user cannot use
 * (system and platform schemas, partitions, trigger functions), and answers a Read-only member too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_SQL, catalogFromRows, type SchemaCatalog } from '@/lib/sql/completion'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, runSql } from '../helpers/project-backends'

const SETUP = `
create schema app;
create table public."Orders" (id bigint primary key, "Customer Name" text, total numeric(10,2), placed_at timestamptz);
alter table public."Orders" drop column placed_at;
alter table public."Orders" add column note text;
create view app.big_orders as select id, total from public."Orders" where total > 100;
create table app.events (id int, at date) partition by range (at);
create table app.events_2026 partition of app.events for values from ('2026-01-01') to ('2027-01-01');
create function public.add_tax(amount numeric, rate numeric default 0.2) returns numeric language sql as $$ select amount * (1 + rate) $$;
create function app.touch() returns trigger language plpgsql as $$ begin return new; end $$;
`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`schema catalog query: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let ref: string
    let owner: string
    let reader: string

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const o = await ownerWithOrg(tp, 'Catalog Org')
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug, { plan: 'pro' })
      reader = await memberOf(tp, o.org.id, 'Read-only')
      const setup = await runSql(tp, owner, ref, SETUP)
      expect(setup.status, JSON.stringify(setup.body)).toBe(200)
    })
    afterAll(async () => stop?.())

    async function catalogAs(token: string): Promise<SchemaCatalog> {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: CATALOG_SQL } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return catalogFromRows(res.body)
    }

    it('names the tables with their columns in order, views, schemas and functions', async () => {
      const catalog = await catalogAs(owner)
      expect(catalog.schemas).toEqual(expect.arrayContaining(['app', 'public']))
      expect(catalog.tables.find((t) => t.schema === 'public' && t.name === 'Orders')).toEqual({
        schema: 'public',
        name: 'Orders',
        kind: 'table',
        // A dropped column is gone; one added later comes last.
        columns: [
          { name: 'id', type: 'bigint' },
          { name: 'Customer Name', type: 'text' },
          { name: 'total', type: 'numeric(10,2)' },
          { name: 'note', type: 'text' },
        ],
      })
      expect(catalog.tables.find((t) => t.name === 'big_orders')).toMatchObject({ schema: 'app', kind: 'view', columns: [{ name: 'id' }, { name: 'total' }] })
      expect(catalog.tables.find((t) => t.name === 'events')).toMatchObject({ schema: 'app', kind: 'table' })
      expect(catalog.functions).toContainEqual({ schema: 'public', name: 'add_tax', args: 'amount numeric, rate numeric', returns: 'numeric' })
    })

    it('leaves out system and platform schemas, partitions and trigger functions', async () => {
      const catalog = await catalogAs(owner)
      for (const schema of catalog.schemas) expect(schema).not.toMatch(/^(pg_|information_schema$|platform_)/)
      expect([...catalog.tables, ...catalog.functions].every((o) => catalog.schemas.includes(o.schema))).toBe(true)
      expect(catalog.tables.map((t) => t.name)).not.toContain('events_2026')
      expect(catalog.functions.map((f) => f.name)).not.toContain('touch')
    })

    it('answers a Read-only member the same catalog', async () => {
      const mine = await catalogAs(owner)
      const theirs = await catalogAs(reader)
      expect(theirs.tables.map((t) => `${t.schema}.${t.name}`)).toEqual(mine.tables.map((t) => `${t.schema}.${t.name}`))
      expect(theirs.tables.find((t) => t.name === 'Orders')?.columns).toHaveLength(4)
    })
  })
}
