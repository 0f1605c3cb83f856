/**
 * What the editor reads from the catalog: schemas, tables with their estimated size, and one
 * table's detail (columns, keys, foreign keys, policies) in one query answering one row of JSON.
 * Row counts are pg_class.reltuples, the planner's estimate: a count(*) over a large table would
 * make opening it as slow as reading it. A table with no estimate (never analysed: autovacuum
 * comes later) or an estimate of none is counted instead, up to COUNT_CAP + 1 rows, so a fresh 200-row table reads "200 rows", never "not estimated yet".
 */
import { z } from 'zod'
import { stringLiteral } from './sql-text'
import { FOREIGN_KEY_ACTIONS, type ColumnCategory, type ColumnInfo, type TableDetail, type TableSummary } from './types'

/** The system's schemas and the platform's own: never shown, never edited here. */
const HIDDEN_SCHEMAS = ['information_schema', 'platform_internal', 'platform_ro']
const hiddenSchemaList = HIDDEN_SCHEMAS.map(stringLiteral).join(', ')

/** Schemas the user may browse (not pg_catalog, information_schema, pg_toast, the platform's own). */
export const schemasSql = (): string => `select n.nspname as name
from pg_catalog.pg_namespace n
where n.nspname not in (${hiddenSchemaList}) and n.nspname !~ '^pg_'
order by n.nspname`

const schemaRow = z.object({ name: z.string() })
export const schemasFromRows = (rows: unknown[]): string[] => z.array(schemaRow).parse(rows).map((r) => r.name)

/** Tables without an estimate are counted exactly up to this many rows; past it, "more than". */
export const COUNT_CAP = 1000

/**
 * An exact count of at most COUNT_CAP + 1 rows for a table whose estimate is missing or zero (and
 * that the caller may read), else null. One statement for any number of tables: the count runs
 * through query_to_xml, whose text holds `<n>…</n>` (no XML library needed, on either engine; no backslash, whatever standard_conforming_strings says).
 */
const countedRowsSql = (c: string, n: string) => `case when ${c}.reltuples <= 0 and pg_catalog.has_table_privilege(${c}.oid, 'select') then
    substring(pg_catalog.query_to_xml(pg_catalog.format('select count(*) as n from (select 1 from %I.%I limit ${COUNT_CAP + 1}) s', ${n}.nspname, ${c}.relname), false, true, '')::text from '<n>([0-9]+)</n>')::int8
  end`

/** Ordinary and partitioned tables of a schema, with estimated rows (no count(*) but a capped one for fresh tables). */
export const tablesSql = (schema: string): string => `select n.nspname as schema, c.relname as name,
  case when c.reltuples < 0 then null else c.reltuples::int8 end as estimated_rows,
  ${countedRowsSql('c', 'n')} as counted_rows,
  c.relrowsecurity as rls_enabled,
  pg_catalog.obj_description(c.oid, 'pg_class') as comment
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = ${stringLiteral(schema)} and c.relkind in ('r', 'p')
order by c.relname`

const tableRow = z.object({
  schema: z.string(),
  name: z.string(),
  estimated_rows: z.union([z.number(), z.string()]).nullable(),
  counted_rows: z.union([z.number(), z.string()]).nullish(),
  rls_enabled: z.boolean(),
  comment: z.string().nullable(),
})

/** reltuples is -1 for a table never analysed (or vacuumed) since Postgres 14: no estimate yet. */
const estimate = (value: number | string | null): number | null => (value === null ? null : Number(value) < 0 ? null : Number(value))
const counted = (value: number | string | null | undefined): number | null => (value === null || value === undefined ? null : Number(value))

export const tablesFromRows = (rows: unknown[]): TableSummary[] =>
  z
    .array(tableRow)
    .parse(rows)
    .map((r) => ({ schema: r.schema, name: r.name, estimatedRows: estimate(r.estimated_rows), countedRows: counted(r.counted_rows), rlsEnabled: r.rls_enabled, comment: r.comment }))

/** Resolves a domain to the type under it (one level: a domain over a domain is rare). */
const baseOf = (type: string, base: string) => `left join pg_catalog.pg_type ${base} on ${base}.oid = case when ${type}.typtype = 'd' then ${type}.typbasetype else ${type}.oid end`

/** A built-in type's name (from pg_catalog only, so a user's type called `int4` is not taken for one). */
const builtinName = (type: string) => `case when ${type}.typnamespace = 'pg_catalog'::regnamespace then ${type}.typname::text end`

const ON_DELETE = `case f.confdeltype when 'r' then 'RESTRICT' when 'c' then 'CASCADE' when 'n' then 'SET NULL' when 'd' then 'SET DEFAULT' else 'NO ACTION' end`
const POLICY_COMMAND = `case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end`

/** One table's columns (types, categories, enums, defaults, keys, foreign keys) and RLS policies. */
export const tableDetailSql = (schema: string, table: string): string => `with t as (
  select c.oid, n.nspname, c.relname, c.reltuples, c.relrowsecurity
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = ${stringLiteral(schema)} and c.relname = ${stringLiteral(table)} and c.relkind in ('r', 'p')
), pk as (
  select p.conrelid, p.conname, p.conkey from pg_catalog.pg_constraint p join t on p.conrelid = t.oid where p.contype = 'p'
), uniques as (
  -- Per table, not per column: one pass over the table's constraints is cheaper to plan and run.
  select distinct on (u.conkey[1]) u.conkey[1] as attnum, u.conname
  from pg_catalog.pg_constraint u join t on u.conrelid = t.oid
  where u.contype = 'u' and cardinality(u.conkey) = 1
  order by u.conkey[1], u.conname
), fks as (
  select distinct on (k.attnum) k.attnum,
    json_build_object('schema', fn.nspname, 'table', fc.relname, 'column', fa.attname, 'onDelete', ${ON_DELETE}, 'constraint', f.conname) as fk
  from pg_catalog.pg_constraint f
  join t on f.conrelid = t.oid
  cross join lateral unnest(f.conkey, f.confkey) as k(attnum, fattnum)
  join pg_catalog.pg_class fc on fc.oid = f.confrelid
  join pg_catalog.pg_namespace fn on fn.oid = fc.relnamespace
  join pg_catalog.pg_attribute fa on fa.attrelid = f.confrelid and fa.attnum = k.fattnum
  where f.contype = 'f'
  order by k.attnum, f.conname
), cols as (
  select a.attnum, json_build_object(
    'name', a.attname,
    'type', pg_catalog.format_type(a.atttypid, a.atttypmod),
    'base', ${builtinName('bt')}, 'typtype', bt.typtype, 'typcategory', bt.typcategory,
    'elementBase', ${builtinName('et')}, 'elementTyptype', et.typtype, 'elementTypcategory', et.typcategory,
    'enumValues', (select json_agg(e.enumlabel order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = coalesce(et.oid, bt.oid)),
    'nullable', not a.attnotnull,
    'defaultValue', case when a.attgenerated = '' then pg_catalog.pg_get_expr(d.adbin, d.adrelid) end,
    'identity', a.attidentity <> '',
    'generated', a.attgenerated <> '',
    'primaryKey', exists (select 1 from pk where a.attnum = any(pk.conkey)),
    'uniqueConstraint', uniques.conname,
    'foreignKey', fks.fk,
    'comment', pg_catalog.col_description(t.oid, a.attnum)
  ) as detail
  from t
  join pg_catalog.pg_attribute a on a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
  join pg_catalog.pg_type ty on ty.oid = a.atttypid
  ${baseOf('ty', 'bt')}
  left join pg_catalog.pg_type e1 on bt.typcategory = 'A' and e1.oid = bt.typelem
  ${baseOf('e1', 'et')}
  left join pg_catalog.pg_attrdef d on d.adrelid = t.oid and d.adnum = a.attnum
  left join uniques on uniques.attnum = a.attnum
  left join fks on fks.attnum = a.attnum
)
select json_build_object(
  'schema', t.nspname,
  'name', t.relname,
  'estimatedRows', case when t.reltuples < 0 then null else t.reltuples::int8 end,
  'countedRows', ${countedRowsSql('t', 't')},
  'rlsEnabled', t.relrowsecurity,
  'comment', pg_catalog.obj_description(t.oid, 'pg_class'),
  'columns', coalesce((select json_agg(cols.detail order by cols.attnum) from cols), '[]'::json),
  'primaryKey', coalesce((select json_agg(a.attname order by k.ord) from pk
      cross join lateral unnest(pk.conkey) with ordinality as k(attnum, ord)
      join pg_catalog.pg_attribute a on a.attrelid = pk.conrelid and a.attnum = k.attnum), '[]'::json),
  'primaryKeyConstraint', (select pk.conname from pk),
  'policies', coalesce((select json_agg(json_build_object(
      'name', p.polname,
      'command', ${POLICY_COMMAND},
      'permissive', p.polpermissive,
      'roles', (select coalesce(json_agg(case when r.oid = 0 then 'public' else pg_catalog.pg_get_userbyid(r.oid)::text end order by r.ord), '[]'::json)
        from unnest(p.polroles) with ordinality as r(oid, ord)),
      'using', pg_catalog.pg_get_expr(p.polqual, p.polrelid),
      'withCheck', pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid)
    ) order by p.polname) from pg_catalog.pg_policy p where p.polrelid = t.oid), '[]'::json)
) as detail
from t`

const columnJson = z.object({
  name: z.string(),
  type: z.string(),
  base: z.string().nullable(),
  typtype: z.string().nullable(),
  typcategory: z.string().nullable(),
  elementBase: z.string().nullable(),
  elementTyptype: z.string().nullable(),
  elementTypcategory: z.string().nullable(),
  enumValues: z.array(z.string()).nullable(),
  nullable: z.boolean(),
  defaultValue: z.string().nullable(),
  identity: z.boolean(),
  generated: z.boolean(),
  primaryKey: z.boolean(),
  uniqueConstraint: z.string().nullable(),
  foreignKey: z
    .object({ schema: z.string(), table: z.string(), column: z.string(), onDelete: z.enum(FOREIGN_KEY_ACTIONS), constraint: z.string() })
    .nullable(),
  comment: z.string().nullable(),
})

const detailJson = z.object({
  schema: z.string(),
  name: z.string(),
  estimatedRows: z.union([z.number(), z.string()]).nullable(),
  countedRows: z.union([z.number(), z.string()]).nullish(),
  rlsEnabled: z.boolean(),
  comment: z.string().nullable(),
  columns: z.array(columnJson),
  primaryKey: z.array(z.string()),
  primaryKeyConstraint: z.string().nullable(),
  policies: z.array(
    z.object({
      name: z.string(),
      command: z.enum(['ALL', 'SELECT', 'INSERT', 'UPDATE', 'DELETE']),
      permissive: z.boolean(),
      roles: z.array(z.string()),
      using: z.string().nullable(),
      withCheck: z.string().nullable(),
    })
  ),
})

const BY_BUILTIN: Record<string, ColumnCategory> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  oid: 'number',
  bool: 'boolean',
  json: 'json',
  jsonb: 'json',
  date: 'date',
  time: 'time',
  timetz: 'time',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
  uuid: 'uuid',
  bytea: 'bytea',
}

/** How a value of a type is edited: by the built-in type, else by kind (enum) and category (string). */
export function categoryOf(base: string | null, typtype: string | null, typcategory: string | null): ColumnCategory {
  if (typtype === 'e') return 'enum'
  if (base !== null && BY_BUILTIN[base]) return BY_BUILTIN[base]
  if (typcategory === 'S') return 'text'
  return 'other'
}

/** Null when the table is not there (any more). */
export function tableDetailFromRows(rows: unknown[]): TableDetail | null {
  const first = z.array(z.object({ detail: z.unknown() })).parse(rows)[0]
  if (!first) return null
  const detail = detailJson.parse(first.detail)
  return {
    schema: detail.schema,
    name: detail.name,
    estimatedRows: estimate(detail.estimatedRows),
    countedRows: counted(detail.countedRows),
    rlsEnabled: detail.rlsEnabled,
    comment: detail.comment,
    primaryKey: detail.primaryKey,
    primaryKeyConstraint: detail.primaryKeyConstraint,
    policies: detail.policies,
    columns: detail.columns.map(columnInfo),
  }
}

function columnInfo(c: z.infer<typeof columnJson>): ColumnInfo {
  const isArray = c.typcategory === 'A' && c.elementTypcategory !== null
  const info: ColumnInfo = {
    name: c.name,
    type: c.type,
    category: isArray ? 'array' : categoryOf(c.base, c.typtype, c.typcategory),
    nullable: c.nullable,
    defaultValue: c.defaultValue,
    identity: c.identity,
    generated: c.generated,
    primaryKey: c.primaryKey,
    unique: c.uniqueConstraint !== null,
    uniqueConstraint: c.uniqueConstraint,
    foreignKey: c.foreignKey,
    comment: c.comment,
  }
  if (isArray) info.elementCategory = categoryOf(c.elementBase, c.elementTyptype, c.elementTypcategory)
  if (c.enumValues) info.enumValues = c.enumValues
  return info
}
