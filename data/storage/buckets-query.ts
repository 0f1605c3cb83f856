import { useQuery } from '@tanstack/react-query'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { storageKeys } from './keys'

/** The project's buckets, by name. */
export async function getStorageBuckets({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(storageRoutes.listStorageBuckets, { params: { ref: projectRef } }, { signal })
}
export type StorageBucketsData = Awaited<ReturnType<typeof getStorageBuckets>>

export function useStorageBucketsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<StorageBucketsData> = {}) {
  return useQuery({
    queryKey: storageKeys.buckets(projectRef),
    queryFn: ({ signal }) => getStorageBuckets({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
