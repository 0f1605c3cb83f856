/**
 * The project's schema as the model sees it: tables, views and their columns with types, read
 * from pg_catalog in the project's own database as its read-only role. Names and types only —
 * never a row of data. Bounded (AI_MAX_TABLES tables, SCHEMA_CONTEXT_MAX_CHARS characters) so a
 * large database neither floods the model nor the bill; tables the question names come first.
 */
import { AI_MAX_TABLES } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { ProjectAccess } from '../kernel/handler-types'
import { readOnlyLocation } from '../sql/read-only-location'

/** The project's own schemas: not the system's. */
const PROJECT_SCHEMAS = `n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'`

export const SCHEMA_CONTEXT_MAX_CHARS = 40 * 1024

/** pg_catalog rather than information_schema: the latter hides what the read-only role has no grant on. */
const SCHEMA_SQL = `
select n.nspname as schema, c.relname as name,
  case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end as kind,
  coalesce((
    select json_agg(json_build_array(a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull) order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]'::json) as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p', 'v', 'm', 'f')
  and ${PROJECT_SCHEMAS}
  and not c.relispartition
order by (n.nspname = 'public') desc, n.nspname, c.relname
limit 2000`

export type SchemaTable = { schema: string; name: string; kind: string; columns: [string, string, boolean][] }

/** A quoted name only where Postgres needs one, as the model should write it. */
function ident(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`
}

export function describeTable(table: SchemaTable): string {
  const columns = table.columns.map(([name, type, notNull]) => `${ident(name)} ${type}${notNull ? ' not null' : ''}`).join(', ')
  return `${ident(table.schema)}.${ident(table.name)}${table.kind === 'table' ? '' : ` (${table.kind})`}: ${columns || '(no columns)'}`
}

/** The schema as text lines, the named tables first, cut at the table and character limits. */
export function formatSchema(tables: SchemaTable[], focus: { schema: string; name: string }[] = []): string {
  const named = (t: SchemaTable) => focus.some((f) => f.schema === t.schema && f.name === t.name)
  const ordered = [...tables.filter(named), ...tables.filter((t) => !named(t))]
  const lines: string[] = []
  let size = 0
  for (const table of ordered) {
    const line = describeTable(table)
    if (lines.length >= AI_MAX_TABLES || size + line.length + 1 > SCHEMA_CONTEXT_MAX_CHARS) break
    lines.push(line)
    size += line.length + 1
  }
  const left = ordered.length - lines.length
  if (left > 0) lines.push(`(${left} more table${left === 1 ? '' : 's'} not listed)`)
  return lines.join('\n')
}

/**
 * The project's tables, or null when its database does not serve (paused, restricted, down):
 * the assistant still answers, without the schema.
 */
export async function readSchema(platform: Platform, project: ProjectAccess): Promise<SchemaTable[] | null> {
  if (project.organization_restriction_status === 'restricted') return null
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY') || !project.db_location) return null
  try {
    const location = await readOnlyLocation(platform, project.ref, project.region, project.db_location)
    const outcome = await platform.databases.run(location, SCHEMA_SQL, {
      timeoutMs: Math.min(platform.config.sqlTimeoutMs, 15_000),
      shape: 'last',
      readOnly: true,
    })
    return JSON.parse(new TextDecoder().decode(outcome.json)) as SchemaTable[]
  } catch (error) {
    console.warn(`[ai] the schema of ${project.ref} could not be read: ${(error as Error).message}`)
    return null
  }
}
