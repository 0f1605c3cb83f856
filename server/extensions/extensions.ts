/**
 * A project's extensions: the listing, enable and disable. The facts come from the project's
 * database (extensions-sql.ts), the decisions from lib/extensions/merge.ts, and the SQL that
 * changes anything from lib/extensions/extension-sql.ts, the same function the dialog shows it
 * with. A change and the listing after it run as one batch, so one implicit transaction: an
 * extension whose script fails leaves neither it nor a new schema behind.
 */
import { z } from 'zod'
import { projectExtensions, type ExtensionChange, type ProjectExtensions } from '@/lib/api-types'
import { disableExtensionSql, enableExtensionSql } from '@/lib/extensions/extension-sql'
import { mergeExtensions, type DatabaseExtensions, type DatabaseKind } from '@/lib/extensions/merge'
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'
import { isSqlError } from '../databases'
import { conflict, PlatformError } from '../http/errors'
import type { ProjectAccess } from '../http/types'
import type { Platform } from '../platform'
import { runInProjectDatabase } from '../privileges/project-database'
import { LIST_EXTENSIONS_SQL } from './extensions-sql'

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
    z.object({ name: z.string(), version: z.string(), schema: z.string(), owned: z.boolean(), required_by: z.array(z.string()) })
  ),
  schemas: z.array(z.string()),
})

const kindOf = (project: ProjectAccess): DatabaseKind => (project.db_location?.kind === 'server' ? 'server' : 'embedded')

/** The listing's one row, `{ extensions }`, checked and merged with the catalogue. */
function fromRows(rows: unknown[], kind: DatabaseKind): ProjectExtensions {
  const value = (rows[0] as { extensions?: unknown } | undefined)?.extensions
  // json is answered as JSON; a driver that hands it over as text is understood too.
  const parsed = databaseFacts.safeParse(typeof value === 'string' ? JSON.parse(value) : value)
  if (!parsed.success) throw new Error(`The extensions query answered something unexpected: ${parsed.error.message}`)
  const { schemas, ...facts } = parsed.data
  return projectExtensions.parse({ extensions: mergeExtensions(facts satisfies DatabaseExtensions, kind), schemas })
}

export async function listExtensions(platform: Platform, project: ProjectAccess): Promise<ProjectExtensions> {
  return fromRows(await runInProjectDatabase(platform, project, LIST_EXTENSIONS_SQL), kindOf(project))
}

/** duplicate_object, and unique_violation: what a CREATE EXTENSION or SCHEMA that lost a race meets in the catalog. */
const LOST_RACE = new Set(['42710', '23505'])

/**
 * Runs a change and reads the listing after it, in one batch. Two tabs enabling the same extension
 * at once both pass the check; the second meets the first's extension (or schema) in the
 * catalog: a conflict, with Postgres' message.
 */
async function change(platform: Platform, project: ProjectAccess, sql: string): Promise<ExtensionChange> {
  try {
    const rows = await runInProjectDatabase(platform, project, `${sql}\n${LIST_EXTENSIONS_SQL}`)
    return { ...fromRows(rows, kindOf(project)), sql }
  } catch (error) {
    if (isSqlError(error) && error.pg.code && LOST_RACE.has(error.pg.code))
      throw new PlatformError(409, `Another change got there first: ${error.message}`, { pg: error.pg })
    throw error
  }
}

const named = (name: string) => `Extension ${quoteIdentifier(name, true)}`

export async function enableExtension(
  platform: Platform,
  project: ProjectAccess,
  body: { name: string; schema: string; cascade: boolean }
): Promise<ExtensionChange> {
  const { extensions } = await listExtensions(platform, project)
  const target = extensions.find((e) => e.name === body.name)
  // Checked first so that the answer says why in words; Postgres would refuse all of these too.
  if (!target || (!target.enabled && target.default_version === null))
    throw new PlatformError(404, `${named(body.name)} is not available in this database. ${target?.reason ?? ''}`.trim())
  if (target.enabled) throw conflict(`${named(body.name)} is already enabled, in schema ${quoteIdentifier(target.schema ?? '', true)}.`)
  if (target.reason) throw new PlatformError(403, `${named(body.name)} cannot be enabled here. ${target.reason}`)
  return change(platform, project, enableExtensionSql(body))
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
  return change(platform, project, disableExtensionSql({ name, cascade }))
}
