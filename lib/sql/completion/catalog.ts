/**
 * What the SQL editor's autocomplete knows of a project's database, and the one query that reads
 * it. The query answers a single JSON value so that the whole catalog is one row of one column,
 * whatever its size, and it is a single SELECT so that it also runs for Read-only members.
 */
import { z } from 'zod'

export type CatalogTableKind = 'table' | 'view' | 'materialized view' | 'foreign table'
export type CatalogColumn = { name: string; type: string }
export type CatalogTable = { schema: string; name: string; kind: CatalogTableKind; columns: CatalogColumn[] }
export type CatalogFunction = { schema: string; name: string; args: string; returns: string }
export type SchemaCatalog = { schemas: string[]; tables: CatalogTable[]; functions: CatalogFunction[] }

export const EMPTY_CATALOG: SchemaCatalog = { schemas: [], tables: [], functions: [] }

/** Beyond these the catalog is cut (public first): a huge database must not make the editor slow. */
export const CATALOG_MAX_TABLES = 5000
export const CATALOG_MAX_FUNCTIONS = 5000

/**
 * Left out: the system's schemas (pg_catalog, pg_toast, pg_temp_N …, information_schema) and the
 * platform's own (platform_internal, platform_ro). Partitions are left out
 * (their parent is what one queries), so are trigger and event-trigger functions (they cannot be
 * called). Functions that belong to an extension come after the project's own, so the cap drops
 * them first. Qualified with pg_catalog throughout: a search_path set by the project's own SQL
 * cannot change what these names mean.
 */
export const CATALOG_SQL = `with ns as (
  select n.oid, n.nspname
  from pg_catalog.pg_namespace n
  where not pg_catalog.starts_with(n.nspname, 'pg_')
    and n.nspname not in ('information_schema', 'platform_internal', 'platform_ro')
),
rel as (
  select c.oid, n.nspname, c.relname, c.relkind
  from pg_catalog.pg_class c
  join ns n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
  order by n.nspname <> 'public', n.nspname, c.relname
  limit ${CATALOG_MAX_TABLES}
),
fn as (
  select n.nspname, p.proname, p.oid,
    pg_catalog.pg_get_function_identity_arguments(p.oid) as args,
    pg_catalog.pg_get_function_result(p.oid) as returns
  from pg_catalog.pg_proc p
  join ns n on n.oid = p.pronamespace
  where p.prorettype not in ('pg_catalog.trigger'::pg_catalog.regtype, 'pg_catalog.event_trigger'::pg_catalog.regtype)
  order by exists (
      select 1 from pg_catalog.pg_depend d
      where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e'
    ),
    n.nspname <> 'public', n.nspname, p.proname, p.oid
  limit ${CATALOG_MAX_FUNCTIONS}
)
select pg_catalog.json_build_object(
  'schemas', (select coalesce(pg_catalog.json_agg(ns.nspname order by ns.nspname), '[]'::json) from ns),
  'tables', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', rel.nspname,
      'name', rel.relname,
      'kind', case rel.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
      'columns', (
        select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
          'name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod)) order by a.attnum), '[]'::json)
        from pg_catalog.pg_attribute a
        where a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped
      )
    ) order by rel.nspname, rel.relname), '[]'::json)
    from rel
  ),
  'functions', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', fn.nspname, 'name', fn.proname, 'args', fn.args, 'returns', coalesce(fn.returns, '')
    ) order by fn.nspname, fn.proname, fn.oid), '[]'::json)
    from fn
  )
) as catalog`

const catalogSchema = z.object({
  schemas: z.array(z.string()),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      kind: z.enum(['table', 'view', 'materialized view', 'foreign table']),
      columns: z.array(z.object({ name: z.string(), type: z.string() })),
    })
  ),
  functions: z.array(z.object({ schema: z.string(), name: z.string(), args: z.string(), returns: z.string() })),
})

/** The catalog from CATALOG_SQL's one row (`{ catalog }`); throws when the answer has another shape. */
export function catalogFromRows(rows: unknown): SchemaCatalog {
  const row = Array.isArray(rows) ? (rows[0] as { catalog?: unknown } | undefined) : undefined
  // json is answered as JSON; a driver that hands it over as text is understood too.
  const value = typeof row?.catalog === 'string' ? JSON.parse(row.catalog) : row?.catalog
  const parsed = catalogSchema.safeParse(value)
  if (!parsed.success) throw new Error('The schema catalog query answered something unexpected')
  return parsed.data
}
