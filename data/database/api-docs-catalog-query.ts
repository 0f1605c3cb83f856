import { useQuery } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { API_DOCS_CATALOG_SQL, apiDocsCatalogFromRows, type ApiDocsCatalog } from '@/lib/sql/api-docs-catalog'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { databaseKeys } from './keys'
import { SCHEMA_CATALOG_STALE_TIME } from './schema-catalog-query'

/**
 * The tables, columns and functions the API docs describe (lib/sql/api-docs-catalog.ts), read
 * through the SQL endpoint as the member: their role sees what it may.
 */
export async function getApiDocsCatalog({ projectRef }: { projectRef: string }, signal?: AbortSignal): Promise<ApiDocsCatalog> {
  // Not the user's own query: kept out of their History.
  const rows = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: API_DOCS_CATALOG_SQL } }, { signal })
  return apiDocsCatalogFromRows(rows)
}

export function useApiDocsCatalogQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<ApiDocsCatalog> = {}) {
  return useQuery({
    queryKey: databaseKeys.apiDocsCatalog(projectRef),
    queryFn: ({ signal }) => getApiDocsCatalog({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    staleTime: SCHEMA_CATALOG_STALE_TIME,
    ...options,
  })
}
