/**
 * What the project's database can offer the feature pages, read from its catalog: which of the
 * extensions behind them exist on its server, which are installed (and in which schema), whether
 * the caller's role may create them, and which libraries the server preloads. One SELECT, so that
 * it runs for Read-only members too.
 */
import { z } from 'zod'
import { RESET_DATABASE_FUNCTION } from './query-performance'
import { jsonColumn, sqlLiteral } from './sql-text'

/** The extensions the feature pages look for. */
export const FEATURE_EXTENSIONS = ['pg_stat_statements', 'pg_cron', 'pg_net', 'supabase_vault', 'pgsodium', 'postgres_fdw', 'file_fdw', 'wrappers'] as const
export type FeatureExtension = (typeof FEATURE_EXTENSIONS)[number]

export const CAPABILITIES_SQL = `select pg_catalog.json_build_object(
  'server_version_num', pg_catalog.current_setting('server_version_num')::int,
  -- Only superusers and pg_read_all_settings may read it (even with missing_ok): null otherwise.
  'preload', case when pg_catalog.pg_has_role(current_user, 'pg_read_all_settings', 'member')
    then pg_catalog.current_setting('shared_preload_libraries', true) end,
  -- A preloaded library defines its settings at start: seeing them says it is loaded, to anyone.
  'loaded', (
    select coalesce(pg_catalog.json_agg(distinct pg_catalog.split_part(s.name, '.', 1)), '[]'::json)
    from pg_catalog.pg_settings s where s.name ~ '^(pg_stat_statements|cron|pg_net)\.'
  ),
  -- Hidden from those who may not read it: null then.
  'cron_database', (select s.setting from pg_catalog.pg_settings s where s.name = 'cron.database_name'),
  'database', pg_catalog.current_database(),
  'role', current_user,
  'superuser', coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.rolname = current_user), false),
  'create_on_database', pg_catalog.has_database_privilege(pg_catalog.current_database(), 'CREATE'),
  -- The platform's reset of this database's statistics, a member of pg_stat_statements, that the
  -- caller may run.
  'statements_reset_database', exists (
    select 1 from pg_catalog.pg_proc p
    join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e'
    join pg_catalog.pg_extension e on e.oid = d.refobjid and e.extname = 'pg_stat_statements'
    where p.proname = ${sqlLiteral(RESET_DATABASE_FUNCTION)} and pg_catalog.has_function_privilege(p.oid, 'EXECUTE')
  ),
  'extensions', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', a.name,
      'default_version', a.default_version,
      'installed_version', e.extversion,
      'schema', n.nspname,
      'trusted', coalesce(v.trusted, false),
      'comment', a.comment
    ) order by a.name), '[]'::json)
    from pg_catalog.pg_available_extensions a
    left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
    left join pg_catalog.pg_extension e on e.extname = a.name
    left join pg_catalog.pg_namespace n on n.oid = e.extnamespace
    where a.name = any (array[${FEATURE_EXTENSIONS.map(sqlLiteral).join(', ')}])
  )
) as capabilities`

const extensionSchema = z.object({
  name: z.string(),
  default_version: z.string().nullable(),
  installed_version: z.string().nullable(),
  schema: z.string().nullable(),
  trusted: z.boolean(),
  comment: z.string().nullable(),
})
export type ExtensionFacts = z.infer<typeof extensionSchema>

const capabilitiesSchema = z.object({
  server_version_num: z.number(),
  preload: z.string().nullable(),
  loaded: z.array(z.string()),
  cron_database: z.string().nullable(),
  database: z.string(),
  role: z.string(),
  superuser: z.boolean(),
  create_on_database: z.boolean(),
  /** The caller may reset this database's query statistics (the platform's function). */
  statements_reset_database: z.boolean().optional(),
  extensions: z.array(extensionSchema),
})
export type Capabilities = z.infer<typeof capabilitiesSchema>

/** The capabilities from the SQL endpoint's answer; throws when it has another shape. */
export function capabilitiesFromRows(rows: unknown): Capabilities {
  const parsed = capabilitiesSchema.safeParse(jsonColumn(rows, 'capabilities'))
  if (!parsed.success) throw new Error("The database's capabilities answered something unexpected")
  return parsed.data
}

/** The libraries in shared_preload_libraries (a comma-separated list, names maybe quoted). */
export function preloadedLibraries(preload: string | null): string[] {
  return (preload ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
    .filter((s) => s !== '')
}

/**
 * Where one extension stands for this database and this caller:
 * - `missing`: the server does not have it (nothing the project can do);
 * - `available`: it could be created; `canCreate` says whether the caller's role may (a trusted
 *   extension needs CREATE on the database, any other a superuser);
 * - `installed`: created, in `schema`.
 * `preloaded`: whether the server loads its library at start (some need it to do anything): from
 * shared_preload_libraries where the caller may read it, else from the settings the library defines.
 */
export type ExtensionStatus =
  | { state: 'missing'; name: string; preloaded: boolean }
  | { state: 'available'; name: string; preloaded: boolean; canCreate: boolean; trusted: boolean; facts: ExtensionFacts }
  | { state: 'installed'; name: string; preloaded: boolean; schema: string; facts: ExtensionFacts }

/** The prefix of the settings a preloaded library defines. */
const SETTINGS_PREFIX: Partial<Record<FeatureExtension, string>> = { pg_stat_statements: 'pg_stat_statements', pg_cron: 'cron', pg_net: 'pg_net' }

export function extensionStatus(capabilities: Capabilities, name: FeatureExtension): ExtensionStatus {
  const prefix = SETTINGS_PREFIX[name]
  const preloaded = preloadedLibraries(capabilities.preload).includes(name) || (prefix !== undefined && capabilities.loaded.includes(prefix))
  const facts = capabilities.extensions.find((e) => e.name === name)
  if (!facts) return { state: 'missing', name, preloaded }
  if (facts.installed_version !== null && facts.schema !== null) return { state: 'installed', name, preloaded, schema: facts.schema, facts }
  const canCreate = capabilities.superuser || (capabilities.create_on_database && facts.trusted)
  return { state: 'available', name, preloaded, canCreate, trusted: facts.trusted, facts }
}

/** `create extension` for one of the feature extensions, as the page shows it before running it. */
export const createExtensionSql = (name: FeatureExtension, { cascade = false } = {}) =>
  `create extension if not exists ${name}${cascade ? ' cascade' : ''};`
