/**
 * A project's extensions: the listing, enable and disable. The facts come from the project's
 * database (extensions-sql.ts), the decisions from lib/extensions/merge.ts, and the SQL that
 * changes anything from lib/extensions/extension-sql.ts, the same function the dialog shows it
 * with. A change and the listing after it run as one batch, so one implicit transaction: an
 * extension whose script fails leaves neither it nor a new schema behind.
 *
 * On a PostgreSQL server whose admin the platform holds, an extension that needs a superuser and
 * is on the platform's list (superuser-extensions.ts), and anything asked into the platform's own
 * schema, is created and dropped by the platform as that admin (as-platform.ts); the listing after
 * it is read as the member, as always.
 */
import { z } from 'zod'
import { projectExtensions, type ExtensionChange, type ProjectExtensions } from '@/lib/api-types'
import { EXTENSION_CATALOGUE } from '@/lib/extensions/catalogue'
import { disableExtensionSql, enableExtensionSql } from '@/lib/extensions/extension-sql'
import { mergeExtensions, REASONS, type DatabaseExtensions, type PlatformHelp } from '@/lib/extensions/merge'
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'
import { isSqlError, type ProjectDbLocation } from '../databases'
import { withAdminSession } from '../databases/admin-session'
import { conflict, PlatformError } from '../kernel/errors'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { runInProjectDatabase } from '../privileges/project-database'
import { adminUrlOf } from '../databases/project-admin'
import { createExtensionAsPlatform, dropExtensionAsPlatform, type PlatformTarget } from './as-platform'
import { LIST_EXTENSIONS_SQL } from './extensions-sql'
import { PLATFORM_SCHEMA, superuserExtension } from './superuser-extensions'

const databaseFacts = z.object({
  owner: z.object({ superuser: z.boolean(), can_create: z.boolean() }),
  available: z.array(
    z.object({
      name: z.string(),
      default_version: z.string().nullable(),
      comment: z.string().nullable(),
      trusted: z.boolean(),
      superuser: z.boolean(),
      required_schema: z.string().nullable(),
      requires: z.array(z.string()),
    })
  ),
  installed: z.array(
    z.object({
      name: z.string(),
      version: z.string(),
      schema: z.string(),
      owned: z.boolean(),
      by_superuser: z.boolean().optional(),
      required_by: z.array(z.string()),
    })
  ),
  schemas: z.array(z.string()),
  sealed_schemas: z.array(z.string()).optional(),
})


/**
 * The admin of the project's server and the names of its database and roles, when the platform
 * holds that admin (PROJECT_DB_SERVERS, or the server it runs itself); null for a project on a
 * server given only by the project's own URL (self-hosted DATABASE_URL).
 */
function platformTarget(platform: Platform, project: ProjectAccess): PlatformTarget | null {
  return targetOf(platform, project.region, project.db_location)
}

function targetOf(platform: Platform, region: string, location: ProjectDbLocation | null): PlatformTarget | null {
  if (location?.kind !== 'server') return null
  const adminUrl = adminUrlOf(platform, region)
  if (!adminUrl) return null
  const url = new URL(location.url)
  const ownerRole = decodeURIComponent(url.username)
  return { adminUrl, database: decodeURIComponent(url.pathname.slice(1)), ownerRole, readOnlyRole: `${ownerRole}_ro` }
}

/**
 * Extensions whose library did not load, per server (host:port), as learnt from a failed CREATE:
 * shown as unavailable from then on by this app instance. Only a hint, never a decision: another
 * instance learns it from its own first try, and a fixed server is seen again after a restart.
 */
const unloadable = new Map<string, Set<string>>()
const serverKey = (project: ProjectAccess) => {
  const location = project.db_location
  if (location?.kind !== 'server') return null
  const url = new URL(location.url)
  return `${url.hostname}:${url.port || '5432'}`
}
const UNLOADABLE = /could not (load library|access file)/

/** The listing's one row, `{ extensions }`, checked and merged with the catalogue. */
function fromRows(rows: unknown[], project: ProjectAccess, target: PlatformTarget | null): ProjectExtensions {
  const value = (rows[0] as { extensions?: unknown } | undefined)?.extensions
  // json is answered as JSON; a driver that hands it over as text is understood too.
  const parsed = databaseFacts.safeParse(typeof value === 'string' ? JSON.parse(value) : value)
  if (!parsed.success) throw new Error(`The extensions query answered something unexpected: ${parsed.error.message}`)
  const { schemas, sealed_schemas = [], ...facts } = parsed.data
  // The platform creates in its schema when that schema is missing (it makes it) or sealed.
  const platformSchema = !schemas.includes(PLATFORM_SCHEMA) || sealed_schemas.includes(PLATFORM_SCHEMA) ? PLATFORM_SCHEMA : null
  const help: PlatformHelp | undefined = target
    ? { schema: platformSchema, schemaName: PLATFORM_SCHEMA, decide: (name) => superuserExtension(name) }
    : undefined
  const key = serverKey(project)
  const database: DatabaseExtensions = { ...facts, unloadable: [...((key && unloadable.get(key)) ?? [])] }
  return projectExtensions.parse({
    extensions: mergeExtensions(database, EXTENSION_CATALOGUE, help),
    schemas,
    platform_schema: target ? platformSchema : null,
  })
}

export async function listExtensions(platform: Platform, project: ProjectAccess): Promise<ProjectExtensions> {
  return fromRows(await runInProjectDatabase(platform, project, LIST_EXTENSIONS_SQL), project, platformTarget(platform, project))
}

/** duplicate_object, and unique_violation: what a CREATE EXTENSION or SCHEMA that lost a race meets in the catalog. */
const LOST_RACE = new Set(['42710', '23505'])

/**
 * Runs a change and reads the listing after it, in one batch. Two tabs enabling the same extension
 * at once both pass the check; the second meets the first's extension (or schema) in the
 * catalog: a conflict, with Postgres' message.
 */
async function change(platform: Platform, project: ProjectAccess, name: string, sql: string): Promise<ExtensionChange> {
  const target = platformTarget(platform, project)
  try {
    const rows = await runInProjectDatabase(platform, project, `${sql}\n${LIST_EXTENSIONS_SQL}`, { changes: true })
    return { ...fromRows(rows, project, target), sql }
  } catch (error) {
    throw asChangeError(error, project, name)
  }
}

/** A change the platform makes as the server's admin (as-platform.ts), then the listing as the member. */
async function changeAsPlatform(platform: Platform, project: ProjectAccess, name: string, run: (target: PlatformTarget) => Promise<string>) {
  const target = platformTarget(platform, project)
  if (!target) throw new PlatformError(403, `${named(name)} needs a superuser, and the platform holds no admin connection to this project's server.`)
  let sql: string
  try {
    sql = await run(target)
  } catch (error) {
    throw asChangeError(error, project, name)
  }
  // Listed as the member right after the platform's change: the catalog changed.
  return { ...fromRows(await runInProjectDatabase(platform, project, LIST_EXTENSIONS_SQL, { changes: true }), project, target), sql }
}

/** A lost race is a conflict; a library that does not load on the server's host is said plainly (and remembered). */
function asChangeError(error: unknown, project: ProjectAccess, name: string): unknown {
  if (!isSqlError(error)) return error
  if (error.pg.code && LOST_RACE.has(error.pg.code))
    return new PlatformError(409, `Another change got there first: ${error.message}`, { pg: error.pg })
  if (UNLOADABLE.test(error.message)) {
    const key = serverKey(project)
    if (key) unloadable.set(key, new Set([...(unloadable.get(key) ?? []), name]))
    return new PlatformError(422, `${named(name)} cannot be enabled here. ${REASONS.unloadable} PostgreSQL said: ${error.message}`, { pg: error.pg })
  }
  return error
}

const named = (name: string) => `Extension ${quoteIdentifier(name, true)}`

export async function enableExtension(
  platform: Platform,
  project: ProjectAccess,
  asked: { name: string; schema?: string; cascade: boolean }
): Promise<ExtensionChange> {
  const body = { ...asked }
  const { extensions, platform_schema } = await listExtensions(platform, project)
  const target = extensions.find((e) => e.name === body.name)
  // Checked first so that the answer says why in words; Postgres would refuse all of these too.
  if (!target || (!target.enabled && target.default_version === null))
    throw new PlatformError(404, `${named(body.name)} is not available in this database. ${target?.reason ?? ''}`.trim())
  if (target.enabled) throw conflict(`${named(body.name)} is already enabled, in schema ${quoteIdentifier(target.schema ?? '', true)}.`)
  if (target.reason) throw new PlatformError(403, `${named(body.name)} cannot be enabled here. ${target.reason}`)
  if (target.by_platform) {
    body.schema ??= PLATFORM_SCHEMA
    // Never into a schema the project's role can create in: what it planted there would be on the
    // search_path of a script that runs as the server's admin.
    if (body.schema !== PLATFORM_SCHEMA)
      throw new PlatformError(
        400,
        `${named(body.name)} needs a superuser: the platform creates it for the project in schema ${quoteIdentifier(PLATFORM_SCHEMA, true)} only, never in a schema the project's role can create objects in.`
      )
    return changeAsPlatform(platform, project, body.name, (t) => createExtensionAsPlatform(t, body))
  }
  // Its control file names the one schema it can go in (pg_catalog for procedural languages).
  const fixed = target.required_schema
  if (fixed !== null && body.schema !== undefined && body.schema !== fixed)
    throw new PlatformError(400, `${named(body.name)} can only be put in schema ${quoteIdentifier(fixed, true)}.`)
  const schema = fixed ?? body.schema
  if (schema === undefined) throw new PlatformError(400, 'schema is required')
  // The platform's own schema takes no objects from the project's role: the platform puts them there.
  if (schema === PLATFORM_SCHEMA && platform_schema === PLATFORM_SCHEMA)
    return changeAsPlatform(platform, project, body.name, (t) => createExtensionAsPlatform(t, body))
  return change(platform, project, body.name, enableExtensionSql({ ...body, schema }))
}

export async function disableExtension(
  platform: Platform,
  project: ProjectAccess,
  { name, cascade }: { name: string; cascade: boolean }
): Promise<ExtensionChange> {
  const { extensions } = await listExtensions(platform, project)
  const target = extensions.find((e) => e.name === name)
  if (!target?.enabled) throw new PlatformError(404, `${named(name)} is not enabled in this database.`)
  if (target.reason) throw new PlatformError(403, `${named(name)} cannot be disabled here. ${target.reason}`)
  if (target.by_platform) return changeAsPlatform(platform, project, name, (t) => dropExtensionAsPlatform(t, { name, cascade }))
  return change(platform, project, name, disableExtensionSql({ name, cascade }))
}

/**
 * pg_stat_statements in a new project's database from the start, as hosted projects have it:
 * Query performance then shows what ran before its first visit. Only where the server loads its
 * library (shared_preload_libraries: the platform's own server does); a copy (a branch, a clone)
 * has it already.
 */
export async function enableStatementStatistics(platform: Platform, region: string, location: ProjectDbLocation): Promise<void> {
  const target = targetOf(platform, region, location)
  if (!target || location.given) return
  try {
    const loaded = await withAdminSession(target.adminUrl, async (c) => {
      const { rows } = await c.query<{ libraries: string; installed: boolean }>(
        `select pg_catalog.current_setting('shared_preload_libraries') as libraries,
           exists (select 1 from pg_catalog.pg_extension where extname = 'pg_stat_statements') as installed`
      )
      return !rows[0].installed && rows[0].libraries.split(',').map((l) => l.trim()).includes('pg_stat_statements')
    }, { database: target.database })
    if (loaded) await createExtensionAsPlatform(target, { name: 'pg_stat_statements', cascade: false })
  } catch (error) {
    console.warn(`[extensions] could not enable pg_stat_statements in ${target.database}: ${(error as Error).message}`)
  }
}
