import { useQuery } from '@tanstack/react-query'
import { routes } from '@/lib/api-types'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { connectionKeys } from './keys'

/** pg_database_size, read through the SQL endpoint like any query (every member may). */
export async function getDatabaseSize({ projectRef }: { projectRef: string }, signal?: AbortSignal): Promise<number> {
  const rows = (await call(
    routes.runQuery,
    { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: 'select pg_database_size(current_database())::text as bytes' } },
    { signal }
  )) as { bytes: string }[]
  return Number(rows[0]?.bytes ?? 0)
}

export function useDatabaseSizeQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<number> = {}) {
  return useQuery({
    queryKey: connectionKeys.size(projectRef),
    queryFn: ({ signal }) => getDatabaseSize({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
