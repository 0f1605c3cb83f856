import { useQuery } from '@tanstack/react-query'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { storageKeys } from './keys'

/** How S3 clients reach the project's storage: the endpoint, the region they sign with, and the access keys (never their secrets). */
export async function getStorageS3Connection({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(storageRoutes.getStorageS3Connection, { params: { ref: projectRef } }, { signal })
}
export type StorageS3ConnectionData = Awaited<ReturnType<typeof getStorageS3Connection>>

export function useStorageS3ConnectionQuery(
  { projectRef }: { projectRef?: string },
  { enabled = true, ...options }: QueryOptions<StorageS3ConnectionData> = {}
) {
  return useQuery({
    queryKey: storageKeys.s3(projectRef),
    queryFn: ({ signal }) => getStorageS3Connection({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
