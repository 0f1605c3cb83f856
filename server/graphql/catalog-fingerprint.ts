/**
 * A fingerprint of what a project's generated GraphQL schema is made from, read on every request
 * so that a schema change shows up at the next one: a hash of the exposed schemas themselves
 * (name, owner, grants, comment) and of the catalog rows of the objects in them that PostGraphile
 * reads: relations (not indexes nor sequences) with their columns (name, type, nullability,
 * whether there is a default, identity, grants, comment), constraints, unique indexes,
 * inheritance, functions (arguments, result, volatility, grants, comment) and types (domains,
 * enums and their labels, composites).
 *
 * Only what the schema shows is hashed, not row versions: TRUNCATE, VACUUM FULL, REFRESH
 * MATERIALIZED VIEW, ANALYZE, temporary tables (in their own schema) and changes in schemas that
 * are not exposed leave it as it is, so they do not cost a rebuild.
 */
import type { Pool } from 'pg'
import { EXPOSED_SCHEMAS } from './postgraphile-schema'

/** A text literal of the SQL standard: quotes doubled; the names it is used for are the platform's own. */
const textLiteral = (value: string) => `'${value.replaceAll("'", "''")}'`

const SCHEMAS = `array[${EXPOSED_SCHEMAS.map(textLiteral).join(', ')}]::text[]`

// Each part lists its rows as text in a fixed order; `null` values count (concat_ws would skip them, so format's %L writes NULL).
const PARTS = [
  `select format('%L %L %L %L', n.nspname, n.nspowner::regrole, n.nspacl, obj_description(n.oid, 'pg_namespace')) as line
     from pg_catalog.pg_namespace n where n.nspname = any(${SCHEMAS})`,
  `select format('%L %L %L %L %L %L', n.nspname, c.relname, c.relkind, c.relacl, obj_description(c.oid, 'pg_class'), c.relrowsecurity) as line
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${SCHEMAS}) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')`,
  `select format('%L %L %L %L %L %L %L %L %L %L %L', n.nspname, c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod),
                 a.attnotnull, a.atthasdef, a.attidentity, a.attgenerated, a.attacl, col_description(c.oid, a.attnum)) as line
     from pg_catalog.pg_attribute a join pg_catalog.pg_class c on c.oid = a.attrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${SCHEMAS}) and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c') and a.attnum > 0 and not a.attisdropped`,
  `select format('%L %L %L %L %L %L', n.nspname, co.conname, co.conrelid::regclass, co.contypid::regtype,
                 pg_get_constraintdef(co.oid), obj_description(co.oid, 'pg_constraint')) as line
     from pg_catalog.pg_constraint co join pg_catalog.pg_namespace n on n.oid = co.connamespace
    where n.nspname = any(${SCHEMAS})`,
  `select format('%L %L %L %L %L', n.nspname, ic.relname, i.indrelid::regclass, i.indisunique, pg_get_indexdef(i.indexrelid)) as line
     from pg_catalog.pg_index i join pg_catalog.pg_class ic on ic.oid = i.indexrelid join pg_catalog.pg_namespace n on n.oid = ic.relnamespace
    where n.nspname = any(${SCHEMAS})`,
  `select format('%L %L', i.inhrelid::regclass, i.inhparent::regclass) as line
     from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = any(${SCHEMAS})`,
  `select format('%L %L %L %L %L %L %L %L %L %L %L %L', n.nspname, p.proname, p.prokind, pg_get_function_arguments(p.oid),
                 pg_get_function_result(p.oid), p.provolatile, p.proisstrict, p.prosecdef, p.proretset, p.proacl,
                 obj_description(p.oid, 'pg_proc'), p.proowner::regrole) as line
     from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = any(${SCHEMAS})`,
  `select format('%L %L %L %L %L %L %L %L', n.nspname, t.typname, t.typtype, t.typbasetype::regtype, t.typnotnull, t.typacl,
                 obj_description(t.oid, 'pg_type'),
                 (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_catalog.pg_enum e where e.enumtypid = t.oid)) as line
     from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname = any(${SCHEMAS}) and t.typtype in ('d', 'e', 'c', 'r', 'm', 'b')`,
  // The extensions installed in an exposed schema, and their versions: their objects are left out of the schema.
  `select format('%L %L %L', x.extname, x.extversion, n.nspname) as line
     from pg_catalog.pg_extension x join pg_catalog.pg_namespace n on n.oid = x.extnamespace
    where n.nspname = any(${SCHEMAS})`,
]

/** One row: `fingerprint`, an md5 of every part's lines. Fixed text: nothing of a request in it. */
export const CATALOG_FINGERPRINT_SQL = `select md5(coalesce(string_agg(line, E'\\n' order by line collate "C"), '')) as fingerprint
  from (${PARTS.map((part, i) => `select '${i} ' || line as line from (${part}) as part${i}`).join('\n  union all\n  ')}) as parts`

export async function catalogFingerprint(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ fingerprint: string }>(CATALOG_FINGERPRINT_SQL)
  return rows[0].fingerprint
}
