/**
 * The Policies page's one read: every table of the project's schemas (as the database objects
 * pages list them: no system or platform schema, no table an extension made, no partition) with
 * its row level security, its columns, and its policies as pg_policy holds them (expressions from
 * pg_get_expr, so they read as Postgres would write them). One SELECT answering one JSON column, so
 * it runs for Read-only members too.
 */
import { z } from 'zod'
import { PROJECT_OWNER_OID, PROJECT_SCHEMA } from '@/lib/sql/project-roles-sql'
import { POLICY_COMMANDS } from './policy-sql'

/** The roles a policy is usually for (the data API's), offered first whether or not used yet. */
export const API_ROLES = ['public', 'anon', 'authenticated', 'service_role'] as const

const COMMAND = `case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE' when 'd' then 'DELETE' else 'ALL' end`

export const POLICIES_SQL = `with project as (
  select ${PROJECT_OWNER_OID('d')} as owner from pg_catalog.pg_database d where d.datname = pg_catalog.current_database()
), t as (
  select c.oid, n.nspname, c.relname, c.relrowsecurity, c.relforcerowsecurity,
    -- The project's own tables; others (made by the platform) are shown, not changed.
    pg_catalog.pg_has_role((select owner from project), c.relowner, 'USAGE') as owned
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and not c.relispartition and ${PROJECT_SCHEMA('n')}
    and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_class'::pg_catalog.regclass and d.objid = c.oid and d.deptype = 'e')
)
select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'schema', t.nspname,
  'name', t.relname,
  'rls', t.relrowsecurity,
  'forceRls', t.relforcerowsecurity,
  'owned', t.owned,
  'columns', coalesce((select pg_catalog.json_agg(a.attname order by a.attnum) from pg_catalog.pg_attribute a
    where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped), '[]'::json),
  'policies', coalesce((select pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', p.polname,
      'command', ${COMMAND},
      'permissive', p.polpermissive,
      'roles', (select coalesce(pg_catalog.json_agg(case when r.oid = 0 then 'public' else pg_catalog.pg_get_userbyid(r.oid)::text end order by r.ord), '[]'::json)
        from pg_catalog.unnest(p.polroles) with ordinality as r(oid, ord)),
      'using', pg_catalog.pg_get_expr(p.polqual, p.polrelid),
      'withCheck', pg_catalog.pg_get_expr(p.polwithcheck, p.polrelid)
    ) order by p.polname) from pg_catalog.pg_policy p where p.polrelid = t.oid), '[]'::json)
) order by t.nspname <> 'public', t.nspname, t.relname), '[]'::json) as tables,
  -- The project's auth service makes auth.uid() when first used; until then policies calling it are refused.
  pg_catalog.to_regprocedure('auth.uid()') is not null as auth_uid
from t`

const policy = z.object({
  name: z.string(),
  command: z.enum(POLICY_COMMANDS),
  permissive: z.boolean(),
  roles: z.array(z.string()),
  using: z.string().nullable(),
  withCheck: z.string().nullable(),
})

const table = z.object({
  schema: z.string(),
  name: z.string(),
  rls: z.boolean(),
  forceRls: z.boolean(),
  owned: z.boolean(),
  columns: z.array(z.string()),
  policies: z.array(policy),
})

export type PolicyRow = z.infer<typeof policy>
export type PolicyTable = z.infer<typeof table>
export type SchemaGroup = { schema: string; tables: PolicyTable[] }

export type PoliciesListing = { tables: PolicyTable[]; /** auth.uid() exists in the database. */ authUid: boolean }

/** The SQL endpoint's answer (the last statement's rows); JSON as text is read too. */
export function policiesFromRows(rows: unknown): PoliciesListing {
  const first = Array.isArray(rows) ? (rows[0] as { tables?: unknown; auth_uid?: unknown } | undefined) : undefined
  const value = typeof first?.tables === 'string' ? JSON.parse(first.tables) : (first?.tables ?? [])
  return { tables: z.array(table).parse(value), authUid: first?.auth_uid === true }
}

/** Whether an expression calls auth.uid() (so it needs the project's auth schema). */
export const callsAuthUid = (expression: string) => /\bauth\s*\.\s*uid\s*\(/i.test(expression)

/** The schema the project's auth service keeps its users in: listed, but after the application's own. */
export const AUTH_SCHEMA = 'auth'

/** Where a schema goes: `public` first, the application's other schemas, then `auth`. */
const rank = (schema: string) => (schema === 'public' ? 0 : schema === AUTH_SCHEMA ? 2 : 1)

/** Tables by schema (`public` first, `auth` last, the others by name); tables keep their order within a schema. */
export function groupBySchema(tables: PolicyTable[]): SchemaGroup[] {
  const groups = new Map<string, PolicyTable[]>()
  for (const t of tables) groups.set(t.schema, [...(groups.get(t.schema) ?? []), t])
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([schema, list]) => ({ schema, tables: list }))
}

/** The roles to offer for a policy: the API's, then every other role the project's policies name. */
export function roleChoices(tables: PolicyTable[]): string[] {
  const seen = new Set<string>(API_ROLES)
  for (const t of tables) for (const p of t.policies) for (const r of p.roles) seen.add(r)
  return [...seen]
}

/** A policy as the form edits it. */
export const draftOf = (p: PolicyRow) => ({ name: p.name, command: p.command, roles: p.roles, permissive: p.permissive, using: p.using ?? '', withCheck: p.withCheck ?? '' })

const DEFAULT_OWNER_COLUMN = 'user_id'

/** The owner column a "their own rows" template starts with: user_id when the table has it. */
export function ownerColumnOf(columns: string[]): string {
  return columns.includes(DEFAULT_OWNER_COLUMN) ? DEFAULT_OWNER_COLUMN : (columns.find((c) => /(^|_)(user|owner)(_id)?$/.test(c)) ?? DEFAULT_OWNER_COLUMN)
}
