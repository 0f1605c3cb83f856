import { useQuery } from '@tanstack/react-query'
import { connectionRoutes } from '@/lib/api-types/browser/connection.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { connectionKeys } from './keys'

/** The password of the project's own role: asked for only when someone reveals it. */
export async function getDbPassword({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(connectionRoutes.getDbPassword, { params: { ref: projectRef } }, { signal })
}
export type DbPasswordData = Awaited<ReturnType<typeof getDbPassword>>

export function useDbPasswordQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<DbPasswordData> = {}) {
  return useQuery({
    queryKey: connectionKeys.password(projectRef),
    queryFn: ({ signal }) => getDbPassword({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    // A secret: not kept around once the card that showed it is gone.
    gcTime: 0,
    staleTime: 0,
    ...options,
  })
}
