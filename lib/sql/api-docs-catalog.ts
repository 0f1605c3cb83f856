/**
 * What the API docs need of a project's database, beyond the editor's schema catalog: per column
 * whether an insert must give it (no default, not null) or may not (generated, identity always),
 * enum labels for example values, the primary key (what filters pick a row by), and per function
 * its input arguments by name, as PostgREST's `rpc` takes them. One SELECT answering one JSON value,
 * so that Read-only members can read it too; qualified with pg_catalog throughout.
 */
import { z } from 'zod'
import { CATALOG_MAX_FUNCTIONS, CATALOG_MAX_TABLES } from '@/lib/sql/completion/catalog'

export const API_DOCS_CATALOG_SQL = `with ns as (
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
  select p.oid, n.nspname, p.proname, p.proretset, p.pronargs, p.pronargdefaults, p.proargnames, p.proargmodes,
    coalesce(p.proallargtypes, p.proargtypes::pg_catalog.oid[]) as argtypes,
    pg_catalog.pg_get_function_identity_arguments(p.oid) as identity,
    pg_catalog.pg_get_function_result(p.oid) as returns
  from pg_catalog.pg_proc p
  join ns n on n.oid = p.pronamespace
  where p.prokind = 'f'
    and p.prorettype not in ('pg_catalog.trigger'::pg_catalog.regtype, 'pg_catalog.event_trigger'::pg_catalog.regtype)
    and not exists (
      select 1 from pg_catalog.pg_depend d
      where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e'
    )
  order by n.nspname <> 'public', n.nspname, p.proname, p.oid
  limit ${CATALOG_MAX_FUNCTIONS}
)
select pg_catalog.json_build_object(
  'tables', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', rel.nspname,
      'name', rel.relname,
      'kind', case rel.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
      'columns', (
        select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
          'name', a.attname,
          'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
          'required', a.attnotnull and not a.atthasdef and a.attidentity = '' and a.attgenerated = '',
          'writable', a.attidentity <> 'a' and a.attgenerated = '',
          'has_default', a.atthasdef or a.attidentity <> '',
          'enum', (select e.enumlabel from pg_catalog.pg_enum e where e.enumtypid = a.atttypid order by e.enumsortorder limit 1)
        ) order by a.attnum), '[]'::json)
        from pg_catalog.pg_attribute a
        where a.attrelid = rel.oid and a.attnum > 0 and not a.attisdropped
      ),
      'primary_key', (
        select coalesce(pg_catalog.json_agg(a.attname order by k.ord), '[]'::json)
        from pg_catalog.pg_index i
        cross join lateral pg_catalog.unnest(i.indkey::pg_catalog.int2[]) with ordinality k(attnum, ord)
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = rel.oid and i.indisprimary
      )
    ) order by rel.nspname, rel.relname), '[]'::json)
    from rel
  ),
  'functions', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', fn.nspname,
      'name', fn.proname,
      'identity', fn.identity,
      'returns', coalesce(fn.returns, ''),
      'returns_set', fn.proretset,
      'args', (
        select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
          'name', arg.name,
          'type', pg_catalog.format_type(arg.type, null),
          'has_default', arg.position > fn.pronargs - fn.pronargdefaults
        ) order by arg.position), '[]'::json)
        from (
          select t.type, coalesce(fn.proargnames[t.ord], '') as name,
            pg_catalog.row_number() over (order by t.ord) as position
          from pg_catalog.unnest(fn.argtypes) with ordinality t(type, ord)
          where coalesce(fn.proargmodes[t.ord], 'i') in ('i', 'b', 'v')
        ) arg
      )
    ) order by fn.nspname, fn.proname, fn.oid), '[]'::json)
    from fn
  )
) as catalog`

const column = z.object({
  name: z.string(),
  type: z.string(),
  /** An insert must give it: not null, no default, not generated. */
  required: z.boolean(),
  /** An insert or update may give it: not generated, not an identity GENERATED ALWAYS. */
  writable: z.boolean(),
  has_default: z.boolean(),
  /** The first label of an enum type; null for other types. */
  enum: z.string().nullable(),
})
export type DocsColumn = z.infer<typeof column>

const table = z.object({
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['table', 'view', 'materialized view', 'foreign table']),
  columns: z.array(column),
  primary_key: z.array(z.string()),
})
export type DocsTable = z.infer<typeof table>

const fn = z.object({
  schema: z.string(),
  name: z.string(),
  /** pg_get_function_identity_arguments: what tells overloads apart. */
  identity: z.string(),
  returns: z.string(),
  returns_set: z.boolean(),
  /** The input arguments (IN, INOUT, VARIADIC), in order. */
  args: z.array(z.object({ name: z.string(), type: z.string(), has_default: z.boolean() })),
})
export type DocsFunction = z.infer<typeof fn>

const catalogSchema = z.object({ tables: z.array(table), functions: z.array(fn) })
export type ApiDocsCatalog = z.infer<typeof catalogSchema>

/** The catalog from API_DOCS_CATALOG_SQL's one row (`{ catalog }`); throws on another shape. */
export function apiDocsCatalogFromRows(rows: unknown): ApiDocsCatalog {
  const row = Array.isArray(rows) ? (rows[0] as { catalog?: unknown } | undefined) : undefined
  const value = typeof row?.catalog === 'string' ? JSON.parse(row.catalog) : row?.catalog
  const parsed = catalogSchema.safeParse(value)
  if (!parsed.success) throw new Error('The API docs catalog query answered something unexpected')
  return parsed.data
}

/**
 * What the data API serves: tables and functions of the exposed schemas only. A function with an
 * input argument without a name cannot be called by name (PostgREST's rpc takes named arguments).
 */
export function exposedCatalog(catalog: ApiDocsCatalog, schemas: readonly string[]): ApiDocsCatalog {
  const exposed = new Set(schemas)
  return {
    tables: catalog.tables.filter((t) => exposed.has(t.schema)),
    functions: catalog.functions.filter((f) => exposed.has(f.schema) && f.args.every((a) => a.name !== '')),
  }
}
