import { useQuery } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { PUBLICATIONS_SQL, publicationsFromRows, type PublicationsListing } from '@/lib/sql/publications'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { databaseKeys } from './keys'

export type PublicationsVariables = { projectRef: string }

/**
 * The database's publications and the project's tables they may hold (lib/sql/publications.ts),
 * read through the SQL endpoint like any query: the caller's role sees what it may see, a
 * Read-only member included. Kept out of the user's query history: they did not write it.
 */
export async function getPublications({ projectRef }: PublicationsVariables, signal?: AbortSignal): Promise<PublicationsListing> {
  const rows = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: PUBLICATIONS_SQL } }, { signal })
  return publicationsFromRows(rows)
}
export type PublicationsData = Awaited<ReturnType<typeof getPublications>>

export function usePublicationsQuery({ projectRef }: Partial<PublicationsVariables>, { enabled = true, ...options }: QueryOptions<PublicationsData> = {}) {
  return useQuery({
    queryKey: databaseKeys.publications(projectRef),
    queryFn: ({ signal }) => getPublications({ projectRef: projectRef! }, signal),
    // Never fetch with a missing variable.
    enabled: enabled !== false && projectRef !== undefined,
    // The SQL editor adds tables and changes publications too: read again when opened.
    staleTime: 0,
    ...options,
  })
}
