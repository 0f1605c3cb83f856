// @vitest-environment node
/**
 * The database objects pages' listing SQL (lib/sql/database-objects.ts) against the real platform,
 * on the project's server: objects made through the SQL endpoint are listed with the right summary, for
 * the Owner and for a Read-only member alike; each definition runs as SQL (under another name,
 * where the original is in the way) and gives back the same object; the system's and the
 * platform's own objects stay out.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_OBJECT_KINDS, databaseObjectsFromRows, databaseObjectsSql, type DatabaseObject, type DatabaseObjectKind } from '@/lib/sql/database-objects'
import type { PgCluster } from '../helpers/pg-cluster'
import { asEngineAdmin, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf } from '../helpers/project-backends'

const SETUP = `
create schema inventory;
comment on schema inventory is 'Stock we keep';
create type inventory.mood as enum ('sad', 'ok', 'it''s fine');
create table inventory.suppliers (id bigint generated always as identity primary key, name text not null unique);
create table inventory.items (
  id bigint generated always as identity primary key,
  supplier_id bigint references inventory.suppliers (id) on delete cascade,
  label text not null default 'unnamed',
  mood inventory.mood,
  price numeric(10, 2) check (price >= 0),
  updated_at timestamptz
);
comment on table inventory.items is 'What we sell';
insert into inventory.items (label, price) select 'item ' || g, g from generate_series(1, 50) g;
analyze inventory.items;
create view inventory.cheap_items as select id, label from inventory.items where price < 10;
create materialized view inventory.item_counts as select supplier_id, count(*) as n from inventory.items group by supplier_id;
create function inventory.touch() returns trigger language plpgsql as $$ begin new.updated_at := now(); return new; end $$;
create trigger items_touch before insert or update on inventory.items for each row execute function inventory.touch();
create index items_label_idx on inventory.items (label);
create schema scratch;
`

const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast', 'platform_internal', 'platform_ro']
const PLATFORM_ROLES = ['project_readonly', 'platform_guard', 'platform_admin']

/**
 * Roles are server-wide and the run's server is shared by suites running at once: the roles made
 * here carry a suffix of this run's own.
 */
const suffix = randomBytes(4).toString('hex')
const APP_READER = `app_reader_${suffix}`
const APP_READER_AGAIN = `app_reader_again_${suffix}`
const COLUMN_READER = `column_reader_${suffix}`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`database objects: ${backend.name}`, () => {
    let tp: TestPlatform
    let cluster: PgCluster
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    /** Runs SQL as the project's owner and fails the test when it fails. */
    const sql = (query: string) => rowsOf(tp, owner, ref, query)

    /** SQL as the server's operator (before PostgreSQL 16 a project role cannot create roles). */
    async function asOperator(query: string) {
      const admin = new pg.Client({ connectionString: cluster.url.replace(/\/postgres$/, `/${await databaseName()}`) })
      await admin.connect()
      try {
        await admin.query(query)
      } finally {
        await admin.end()
      }
    }
    const databaseName = async () => (await sql('select current_database() as name'))[0].name as string

    /** A kind's listing, run as the dashboard runs it (history skipped), as `token`. */
    async function list(kind: DatabaseObjectKind, token = owner): Promise<DatabaseObject[]> {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?history=skip`, { token, body: { query: databaseObjectsSql(kind) } })
      if (res.status !== 200) throw new Error(`${kind}: ${JSON.stringify(res.body)}`)
      return databaseObjectsFromRows(kind, res.body)
    }
    async function find(kind: DatabaseObjectKind, schema: string | null, name: string, token = owner) {
      const found = (await list(kind, token)).find((o) => o.schema === schema && o.name === name)
      if (!found) throw new Error(`${kind} ${schema}.${name} is not listed`)
      return found
    }

    beforeAll(async () => {
      ;({ tp, cluster, stop } = await backend.start())
      const o = await ownerWithOrg(tp)
      owner = o.token
      // Read-only members come with the Team plan.
      ref = await activeProject(tp, owner, o.org.slug, { plan: 'team' })
      reader = await memberOf(tp, o.org.id, 'Read-only')
      await sql(SETUP)
      await asOperator(`create role ${APP_READER} nologin connection limit 3; grant ${APP_READER} to ${pg.escapeIdentifier(`p_${ref}`)}`)
      // A role the project only granted a column to: the project's too, as column privileges shows it.
      await asOperator(`create role ${COLUMN_READER} nologin`)
      await sql(`grant select (name) on inventory.suppliers to ${COLUMN_READER}`)
    })
    afterAll(async () => {
      await stop?.()
      // The project's database is gone with the platform: nothing holds these roles any more.
      await asEngineAdmin(async (c) => {
        for (const role of [APP_READER, APP_READER_AGAIN, COLUMN_READER]) await c.query(`drop role if exists ${role}`)
      })
    })

    describe.each([
      ['the Owner', () => owner],
      ['a Read-only member', () => reader],
    ])('as %s', (_, token) => {
      it('lists tables with estimated rows, size, RLS and comment', async () => {
        const items = await find('tables', 'inventory', 'items', token())
        expect(items.summary).toMatchObject({ rows: 50, rls: false, partitioned: false, comment: 'What we sell' })
        expect(items.summary.size).toBeGreaterThan(0)
        expect(await find('tables', 'inventory', 'suppliers', token())).toMatchObject({ kind: 'tables', summary: { comment: null } })
      })

      it('lists views and materialized views', async () => {
        expect((await find('views', 'inventory', 'cheap_items', token())).summary).toMatchObject({ materialized: false })
        expect((await find('views', 'inventory', 'item_counts', token())).summary).toMatchObject({ materialized: true })
      })

      it('lists functions, triggers and indexes', async () => {
        expect((await find('functions', 'inventory', 'touch', token())).summary).toEqual({
          arguments: '',
          returns: 'trigger',
          language: 'plpgsql',
          security_definer: false,
          procedure: false,
        })
        expect((await find('triggers', 'inventory', 'items_touch', token())).summary).toEqual({
          table: 'items',
          timing: 'BEFORE',
          events: 'INSERT, UPDATE',
          level: 'ROW',
          function: 'inventory.touch',
          enabled: true,
        })
        expect((await find('indexes', 'inventory', 'items_label_idx', token())).summary).toMatchObject({ table: 'items', unique: false, primary: false, method: 'btree' })
        expect((await find('indexes', 'inventory', 'items_pkey', token())).summary).toMatchObject({ unique: true, primary: true })
      })

      it('lists roles, schemas and enumerated types', async () => {
        expect((await find('roles', null, APP_READER, token())).summary).toMatchObject({ login: false, superuser: false, connection_limit: 3, valid_until: null })
        const projectRole = `p_${ref}`
        expect((await list('roles', token()))[0].name).toBe(projectRole)
        expect((await list('roles', token())).map((r) => r.name)).toContain(COLUMN_READER)
        expect((await find('schemas', null, 'inventory', token())).summary).toEqual({ owner: projectRole, comment: 'Stock we keep' })
        expect((await find('types', 'inventory', 'mood', token())).summary).toEqual({ labels: "sad, ok, it's fine", comment: null })
      })

      it("leaves the system's and the platform's objects out", async () => {
        for (const kind of DATABASE_OBJECT_KINDS) {
          const objects = await list(kind, token())
          for (const object of objects) {
            expect(SYSTEM_SCHEMAS).not.toContain(object.schema)
            if (kind === 'schemas') expect([...SYSTEM_SCHEMAS, 'pg_temp_1']).not.toContain(object.name)
          }
        }
        const roles = (await list('roles', token())).map((r) => r.name)
        expect(roles.filter((name) => name.startsWith('pg_') || PLATFORM_ROLES.includes(name) || name.endsWith('_ro'))).toEqual([])
        // auth, storage and realtime: the project's own users, files and channel policies (its
        // auth, storage and realtime services), its role's like the rest; extensions: the
        // platform's, where its extensions are (pg_stat_statements from the start), listed as
        // hosted projects list it.
        expect((await list('schemas', token())).map((s) => s.name)).toEqual(['auth', 'extensions', 'inventory', 'public', 'realtime', 'scratch', 'storage'])
      })
    })

    it('writes a table that, made again elsewhere, is the same table', async () => {
      const items = await find('tables', 'inventory', 'items')
      expect(items.definition).toContain('create table inventory.items (')
      expect(items.definition).toContain("label text default 'unnamed'::text not null")
      await sql(items.definition!.replaceAll('inventory.items', 'scratch.items'))
      const copy = await find('tables', 'scratch', 'items')
      expect(copy.definition).toBe(items.definition!.replaceAll('inventory.items', 'scratch.items'))
      expect(copy.summary.comment).toBe('What we sell')
    })

    it('writes views that run as they are', async () => {
      const view = await find('views', 'inventory', 'cheap_items')
      expect(view.definition).toMatch(/^create or replace view inventory\.cheap_items as\n/)
      await sql(view.definition!)
      const materialized = await find('views', 'inventory', 'item_counts')
      expect(materialized.definition).toMatch(/^create materialized view inventory\.item_counts as\n[\s\S]*\nwith data;$/)
      await sql(materialized.definition!.replace('inventory.item_counts', 'scratch.item_counts'))
      expect((await find('views', 'scratch', 'item_counts')).summary.materialized).toBe(true)
    })

    it('writes functions, triggers and indexes that run', async () => {
      await sql((await find('functions', 'inventory', 'touch')).definition!)
      const trigger = await find('triggers', 'inventory', 'items_touch')
      await sql(trigger.definition!.replace('TRIGGER items_touch ', 'TRIGGER items_touch_again '))
      expect((await find('triggers', 'inventory', 'items_touch_again')).summary).toMatchObject({ timing: 'BEFORE', events: 'INSERT, UPDATE' })
      const index = await find('indexes', 'inventory', 'items_label_idx')
      await sql(index.definition!.replace('INDEX items_label_idx ', 'INDEX items_label_again '))
      expect((await find('indexes', 'inventory', 'items_label_again')).summary).toMatchObject({ table: 'items', method: 'btree' })
    })

    it('writes roles, schemas and enumerated types that run', async () => {
      const role = await find('roles', null, APP_READER)
      expect(role.definition).toBe(
        `create role ${APP_READER} with nosuperuser nologin inherit nocreatedb nocreaterole noreplication nobypassrls connection limit 3;`
      )
      const again = role.definition!.replace(`role ${APP_READER} `, `role ${APP_READER_AGAIN} `)
      await asOperator(`${again} grant ${APP_READER_AGAIN} to ${pg.escapeIdentifier(`p_${ref}`)}`)
      expect((await find('roles', null, APP_READER_AGAIN)).summary).toMatchObject({ login: false, connection_limit: 3 })

      const schema = await find('schemas', null, 'inventory')
      await sql(schema.definition!.replaceAll('schema inventory', 'schema inventory_again'))
      expect((await find('schemas', null, 'inventory_again')).summary).toEqual(schema.summary)

      const type = await find('types', 'inventory', 'mood')
      await sql(type.definition!.replace('inventory.mood', 'scratch.mood'))
      expect((await find('types', 'scratch', 'mood')).summary).toEqual(type.summary)
    })
  })
}
