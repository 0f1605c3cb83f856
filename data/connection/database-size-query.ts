import { useQuery } from '@tanstack/react-query'
import { connectionRoutes } from '@/lib/api-types/browser/connection.routes'
import type { DatabaseSize } from '@/lib/api-types'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { connectionKeys } from './keys'

/** The database's size by the platform's one definition (the one quotas use), or the last sampled one. */
export async function getDatabaseSize({ projectRef }: { projectRef: string }, signal?: AbortSignal): Promise<DatabaseSize> {
  return call(connectionRoutes.getDatabaseSize, { params: { ref: projectRef } }, { signal })
}

export function useDatabaseSizeQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<DatabaseSize> = {}) {
  return useQuery({
    queryKey: connectionKeys.size(projectRef),
    queryFn: ({ signal }) => getDatabaseSize({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
