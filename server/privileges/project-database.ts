/**
 * Runs the platform's own SQL for a member in the project's database, under the rules of the SQL
 * endpoint (server/sql/run-query.ts): a restricted organization answers 402, a paused or not yet
 * ready project 409, a database that does not answer 503 (and makes the project unhealthy);
 * members whose role allows `sql:write` run as the project's own role, everyone else as its
 * read-only role. Never as a superuser. Postgres' "no such table/column/role" and "permission
 * denied" become 404 and 403 with its message; other Postgres errors stay 400 with the details.
 */
import { PlatformError } from '../kernel/errors'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { isDatabaseNotServing, isDatabaseUnavailable, isSqlError } from '../databases'
import { markUnhealthy } from '../projects/health'
import { recordActivity } from '../projects/activity'
import { notServingMessage } from '../sql/not-serving'
import { memberLocation } from '../sql/read-only-location'
import { servingLocation } from '../sql/serving-location'
import { watchStatement } from '../logs/postgres-logs'
import { DATA_API_SCHEMA_RELOAD } from '../data-api/schema-reload'
import { catalogMayHaveChanged } from '../sql/catalog-version'

const NOT_FOUND_CODES = new Set(['42P01', '42703', '42704']) // undefined_table, undefined_column, undefined_object
const INSUFFICIENT_PRIVILEGE = '42501'

/**
 * The rows of the last statement of `sql`, run in the project's database as the caller's role
 * allows. `changes`: the SQL (or what the platform did just before it) may have changed the
 * catalog, so the table editor and GraphQL read it again at once and the data API is told, as
 * after a run of the SQL endpoint.
 */
export async function runInProjectDatabase(platform: Platform, project: ProjectAccess, sql: string, { changes = false } = {}): Promise<unknown[]> {
  const member = await memberLocation(platform, project, await servingLocation(platform, project))
  const { location } = member
  const signals = changes && member.writes
  try {
    const outcome = await watchStatement(
      platform,
      { projectRef: project.ref, userId: null, sql, origin: 'platform' },
      platform.databases.run(location, sql, {
        timeoutMs: platform.config.sqlTimeoutMs,
        shape: 'last',
        ...member.options,
        ...(signals ? { notifyAfter: DATA_API_SCHEMA_RELOAD } : {}),
      })
    )
    if (signals) catalogMayHaveChanged(platform, project.ref)
    await recordActivity(platform, project.ref)
    return JSON.parse(new TextDecoder().decode(outcome.json)) as unknown[]
  } catch (error) {
    if (signals) catalogMayHaveChanged(platform, project.ref)
    if (isDatabaseNotServing(error)) throw new PlatformError(409, notServingMessage('INACTIVE'))
    if (isDatabaseUnavailable(error)) await markUnhealthy(platform, project.ref)
    if (isSqlError(error) && error.pg.code && NOT_FOUND_CODES.has(error.pg.code)) throw new PlatformError(404, error.message, { pg: error.pg })
    if (isSqlError(error) && error.pg.code === INSUFFICIENT_PRIVILEGE) throw new PlatformError(403, error.message, { pg: error.pg })
    throw error
  }
}
