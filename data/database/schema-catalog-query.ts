import { useQuery } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { CATALOG_SQL, catalogFromRows, type SchemaCatalog } from '@/lib/sql/completion'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { databaseKeys } from './keys'

/**
 * The schema changes rarely and every change made in the SQL editor reloads it at once
 * (`refreshCatalogAfterRun`): minutes keep a busy editor from asking again and again.
 */
export const SCHEMA_CATALOG_STALE_TIME = 5 * 60_000

export type SchemaCatalogVariables = { projectRef: string }

/**
 * The project's schemas, tables with their columns, and functions (lib/sql/completion/catalog.ts),
 * read through the SQL endpoint like any query: the caller's role sees what it may see.
 */
export async function getSchemaCatalog({ projectRef }: SchemaCatalogVariables, signal?: AbortSignal): Promise<SchemaCatalog> {
  // Not the user's own query: kept out of their History.
  const rows = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: CATALOG_SQL } }, { signal })
  return catalogFromRows(rows)
}
export type SchemaCatalogData = Awaited<ReturnType<typeof getSchemaCatalog>>

export function useSchemaCatalogQuery(
  { projectRef }: Partial<SchemaCatalogVariables>,
  { enabled = true, ...options }: QueryOptions<SchemaCatalogData> = {}
) {
  return useQuery({
    queryKey: databaseKeys.schemaCatalog(projectRef),
    queryFn: ({ signal }) => getSchemaCatalog({ projectRef: projectRef! }, signal),
    // `enabled` may be a function (read when the query is about to run): the editor passes one.
    enabled: (query) => projectRef !== undefined && (typeof enabled === 'function' ? enabled(query) : enabled),
    staleTime: SCHEMA_CATALOG_STALE_TIME,
    ...options,
  })
}
