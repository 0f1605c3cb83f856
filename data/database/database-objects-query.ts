import { useQuery } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { databaseObjectsFromRows, databaseObjectsSql, type DatabaseObject, type DatabaseObjectKind } from '@/lib/sql/database-objects'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { databaseKeys } from './keys'

export type DatabaseObjectsVariables = { projectRef: string; kind: DatabaseObjectKind }

/**
 * The project's objects of one kind (lib/sql/database-objects.ts), read through the SQL endpoint
 * like any query: the caller's role sees what it may see, a Read-only member included.
 */
export async function getDatabaseObjects({ projectRef, kind }: DatabaseObjectsVariables, signal?: AbortSignal): Promise<DatabaseObject[]> {
  // Not the user's own query: kept out of their History.
  const rows = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: databaseObjectsSql(kind) } }, { signal })
  return databaseObjectsFromRows(kind, rows)
}
export type DatabaseObjectsData = Awaited<ReturnType<typeof getDatabaseObjects>>

export function useDatabaseObjectsQuery(
  { projectRef, kind }: Partial<DatabaseObjectsVariables>,
  { enabled = true, ...options }: QueryOptions<DatabaseObjectsData> = {}
) {
  return useQuery({
    queryKey: databaseKeys.objects(projectRef, kind),
    queryFn: ({ signal }) => getDatabaseObjects({ projectRef: projectRef!, kind: kind! }, signal),
    enabled: (query) => projectRef !== undefined && kind !== undefined && (typeof enabled === 'function' ? enabled(query) : enabled),
    // The SQL editor changes the schema without telling these pages: a page opened again reads
    // again (showing what it had meanwhile).
    staleTime: 0,
    ...options,
  })
}
