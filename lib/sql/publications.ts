/**
 * Database → Publications: PostgreSQL's publications (pg_publication) with their events and
 * tables, the project's tables a publication may hold, and the statements the page shows before
 * it runs them. The project's `supabase_realtime` publication decides which tables Realtime
 * streams.
 *
 * The listing is one SELECT answering one row of two JSON columns (`publications`, `tables`), so
 * that it also runs for Read-only members. Names in statements go through `sqlIdentifier` only;
 * the events are written from a fixed list, never from text a user typed.
 */
import { z } from 'zod'
import { FROM_EXTENSION, OBJECTS_MAX } from './database-objects-sql'
import { PROJECT_OWNER_OID, PROJECT_SCHEMA } from './project-roles-sql'
import { jsonColumn, sqlIdentifier } from './project-features/sql-text'

/** The publication Realtime streams from, made with the project's database. */
export const REALTIME_PUBLICATION = 'supabase_realtime'

export const PUBLICATION_EVENTS = ['insert', 'update', 'delete', 'truncate'] as const
export type PublicationEvent = (typeof PUBLICATION_EVENTS)[number]
export type PublicationEvents = Record<PublicationEvent, boolean>

/**
 * The platform's services' own schemas (auth, storage, realtime …), beside the system's and the
 * platform's that PROJECT_SCHEMA leaves out: their tables are the services', not the project's
 * to publish.
 */
export const SERVICE_SCHEMAS = [
  'auth',
  'storage',
  'realtime',
  'extensions',
  'graphql',
  'graphql_public',
  'vault',
  'supabase_functions',
  'net',
  'cron',
  'pgsodium',
] as const

/** The project's own role, as PROJECT_OWNER_OID finds it, for `pg_has_role` (what the project may change). */
const PROJECT_CTE = `project as (
  select ${PROJECT_OWNER_OID('d')} as owner from pg_catalog.pg_database d where d.datname = pg_catalog.current_database()
)`

/**
 * A publication's tables: those added to it (pg_publication_rel, what `add table` and `drop table`
 * change, a partitioned table as itself) and those it holds by schema (pg_publication_tables, which
 * also names a partitioned table's partitions: left out). None listed for one of all tables.
 */
const TABLES_OF = (p: string) => `case when ${p}.puballtables then '[]'::json else coalesce((
    select pg_catalog.json_agg(pg_catalog.json_build_object('schema', m.nspname, 'name', m.relname) order by m.nspname, m.relname)
    from (
      select n.nspname, c.relname
      from pg_catalog.pg_publication_rel r
      join pg_catalog.pg_class c on c.oid = r.prrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where r.prpubid = ${p}.oid
      union
      select n.nspname, c.relname
      from pg_catalog.pg_publication_tables pt
      join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
      join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
      where pt.pubname = ${p}.pubname and not c.relispartition
    ) m
  ), '[]'::json) end`

/** Every publication of the database, by name: owner, whether the project owns it, its events and tables. */
export const PUBLICATIONS_LIST_SQL = `with ${PROJECT_CTE}
select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'id', p.oid::text,
  'name', p.pubname,
  'owner', pg_catalog.pg_get_userbyid(p.pubowner)::text,
  'owned', pg_catalog.pg_has_role((select owner from project), p.pubowner, 'USAGE'),
  'all_tables', p.puballtables,
  'insert', p.pubinsert,
  'update', p.pubupdate,
  'delete', p.pubdelete,
  'truncate', p.pubtruncate,
  'tables', ${TABLES_OF('p')}
) order by p.pubname), '[]'::json) as publications
from pg_catalog.pg_publication p`

/**
 * The tables a publication may hold: ordinary and partitioned tables (not partitions, not made by
 * an extension) of the project's schemas, public first, with their replica identity (d default,
 * n nothing, f full, i an index), whether they have a primary key (what default identifies a row
 * by) and whether the project owns them.
 */
export const PUBLISHABLE_TABLES_SQL = `with ${PROJECT_CTE}
select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'schema', t.nspname,
  'name', t.relname,
  'partitioned', t.relkind = 'p',
  'replica_identity', t.relreplident,
  'primary_key', t.primary_key,
  'owned', t.owned
) order by t.sort), '[]'::json) as tables
from (
  select n.nspname, c.relname, c.relkind, c.relreplident::text as relreplident,
    exists (select 1 from pg_catalog.pg_index i where i.indrelid = c.oid and i.indisprimary) as primary_key,
    pg_catalog.pg_has_role((select owner from project), c.relowner, 'USAGE') as owned,
    array[(n.nspname <> 'public')::text, n.nspname::text, c.relname::text] as sort
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and ${PROJECT_SCHEMA('n')}
    and n.nspname <> all (array[${SERVICE_SCHEMAS.map((s) => `'${s}'`).join(', ')}])
    and not ${FROM_EXTENSION('pg_class', 'c.oid')}
  order by sort
  limit ${OBJECTS_MAX}
) t`

/** The page's one read: both listings in one row. */
export const PUBLICATIONS_SQL = `select (
${PUBLICATIONS_LIST_SQL}
) as publications, (
${PUBLISHABLE_TABLES_SQL}
) as tables`

export type TableRef = { schema: string; name: string }

export type Publication = {
  id: string
  name: string
  owner: string
  /** The project's role owns it (or is a member of its owner): only then may it change it. */
  owned: boolean
  /** FOR ALL TABLES: every table, no list of its own (`tables` is empty). */
  allTables: boolean
  events: PublicationEvents
  tables: TableRef[]
}

export const REPLICA_IDENTITIES = { d: 'default', n: 'nothing', f: 'full', i: 'index' } as const
export type ReplicaIdentity = (typeof REPLICA_IDENTITIES)[keyof typeof REPLICA_IDENTITIES]

export type PublishableTable = TableRef & {
  partitioned: boolean
  replicaIdentity: ReplicaIdentity
  hasPrimaryKey: boolean
  owned: boolean
}

export type PublicationsListing = { publications: Publication[]; tables: PublishableTable[] }

const tableRef = z.object({ schema: z.string(), name: z.string() })
const publicationRow = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  owned: z.boolean(),
  all_tables: z.boolean(),
  insert: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
  truncate: z.boolean(),
  tables: z.array(tableRef),
})
const tableRow = tableRef.extend({
  partitioned: z.boolean(),
  replica_identity: z.enum(['d', 'n', 'f', 'i']),
  primary_key: z.boolean(),
  owned: z.boolean(),
})

/** The SQL endpoint's answer to PUBLICATIONS_SQL (the last statement's rows); JSON as text is read too. */
export function publicationsFromRows(rows: unknown): PublicationsListing {
  const publications = z.array(publicationRow).safeParse(jsonColumn(rows, 'publications'))
  const tables = z.array(tableRow).safeParse(jsonColumn(rows, 'tables'))
  if (!publications.success || !tables.success) throw new Error('The publications listing answered something unexpected')
  return {
    publications: publications.data.map((p) => ({
      id: p.id,
      name: p.name,
      owner: p.owner,
      owned: p.owned,
      allTables: p.all_tables,
      events: { insert: p.insert, update: p.update, delete: p.delete, truncate: p.truncate },
      tables: p.tables,
    })),
    tables: tables.data.map((t) => ({
      schema: t.schema,
      name: t.name,
      partitioned: t.partitioned,
      replicaIdentity: REPLICA_IDENTITIES[t.replica_identity],
      hasPrimaryKey: t.primary_key,
      owned: t.owned,
    })),
  }
}

export const tableName = (table: TableRef) => `${table.schema}.${table.name}`
const sameTable = (a: TableRef, b: TableRef) => a.schema === b.schema && a.name === b.name

/** Whether the publication publishes the table (one of all tables publishes every table). */
export const publishes = (publication: Publication, table: TableRef) => publication.allTables || publication.tables.some((t) => sameTable(t, table))

/** The tables whose schema-qualified name contains `search` (any case). */
export function filterTables<T extends TableRef>(tables: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase()
  return needle === '' ? [...tables] : tables.filter((t) => tableName(t).toLowerCase().includes(needle))
}

/** What a publication's events read as: "insert, update", or "none". */
export const eventsText = (events: PublicationEvents) => PUBLICATION_EVENTS.filter((e) => events[e]).join(', ') || 'none'

const qualified = (table: TableRef) => `${sqlIdentifier(table.schema)}.${sqlIdentifier(table.name)}`

export const addTableSql = (publication: string, table: TableRef) => `alter publication ${sqlIdentifier(publication)} add table ${qualified(table)};`

export const dropTableSql = (publication: string, table: TableRef) => `alter publication ${sqlIdentifier(publication)} drop table ${qualified(table)};`

/** The events the publication publishes from now on; none at all is `publish = ''`. */
export const setEventsSql = (publication: string, events: PublicationEvents) =>
  `alter publication ${sqlIdentifier(publication)} set (publish = '${PUBLICATION_EVENTS.filter((e) => events[e]).join(', ')}');`

/** As the platform makes it: no tables yet, every event. */
export const createRealtimePublicationSql = () => `create publication ${sqlIdentifier(REALTIME_PUBLICATION)};`

/** Full: an update's and a delete's old record comes whole; default: only its primary key. */
export const replicaIdentitySql = (table: TableRef, identity: 'full' | 'default') => `alter table ${qualified(table)} replica identity ${identity};`

/** One change the page offers; its SQL is `publicationChangeSql`. */
export type PublicationChange =
  | { kind: 'create-realtime' }
  | { kind: 'add-table'; publication: string; table: TableRef }
  | { kind: 'drop-table'; publication: string; table: TableRef }
  | { kind: 'events'; publication: string; events: PublicationEvents }
  | { kind: 'replica-identity'; table: TableRef; identity: 'full' | 'default' }

export function publicationChangeSql(change: PublicationChange): string {
  switch (change.kind) {
    case 'create-realtime':
      return createRealtimePublicationSql()
    case 'add-table':
      return addTableSql(change.publication, change.table)
    case 'drop-table':
      return dropTableSql(change.publication, change.table)
    case 'events':
      return setEventsSql(change.publication, change.events)
    case 'replica-identity':
      return replicaIdentitySql(change.table, change.identity)
  }
}

/** The change in a few words, lower case: "add public.todos to supabase_realtime". */
export function publicationChangeSummary(change: PublicationChange): string {
  switch (change.kind) {
    case 'create-realtime':
      return `create the ${REALTIME_PUBLICATION} publication`
    case 'add-table':
      return `add ${tableName(change.table)} to ${change.publication}`
    case 'drop-table':
      return `remove ${tableName(change.table)} from ${change.publication}`
    case 'events':
      return `set the events of ${change.publication} to ${eventsText(change.events)}`
    case 'replica-identity':
      return `set the replica identity of ${tableName(change.table)} to ${change.identity}`
  }
}
