/**
 * Column-level privileges of a project's database: the listing of one table, and grant / revoke.
 * The SQL is in column-privileges-sql.ts; where and as whom it runs, in project-database.ts.
 */
import { columnPrivileges, type ColumnPrivileges, type ColumnPrivilegesChangeBody, type ColumnPrivilegesQuery } from '@/lib/api-types'
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'
import { PlatformError } from '../kernel/errors'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { changeSql, listSql, type ChangeKind } from './column-privileges-sql'
import { runInProjectDatabase } from './project-database'

/** The listing's one row, `{ privileges }`, checked; a table that is not there is a 404. */
function fromRows(rows: unknown[], { schema, table }: { schema: string; table: string }): ColumnPrivileges {
  const value = (rows[0] as { privileges?: unknown } | undefined)?.privileges
  // json is answered as JSON; a driver that hands it over as text is understood too.
  const parsed = typeof value === 'string' ? JSON.parse(value) : value
  if (parsed && typeof parsed === 'object' && (parsed as { table?: unknown }).table === null)
    // Worded as the grant's own check words it (format('%I.%I')).
    throw new PlatformError(404, `Table ${quoteIdentifier(schema)}.${quoteIdentifier(table)} does not exist.`)
  const result = columnPrivileges.safeParse(parsed)
  if (!result.success) throw new Error(`The column privileges query answered something unexpected: ${result.error.message}`)
  return result.data
}

export async function listColumnPrivileges(platform: Platform, project: ProjectAccess, query: ColumnPrivilegesQuery): Promise<ColumnPrivileges> {
  return fromRows(await runInProjectDatabase(platform, project, listSql(query.schema, query.table)), query)
}

export async function changeColumnPrivileges(
  platform: Platform,
  project: ProjectAccess,
  change: ChangeKind,
  body: ColumnPrivilegesChangeBody
): Promise<ColumnPrivileges> {
  return fromRows(await runInProjectDatabase(platform, project, changeSql(change, body), { changes: true }), body)
}
