import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { STORAGE_LIST_LIMIT } from '@/lib/api-types/storage'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { storageKeys, type StorageFolderVars } from './keys'

/**
 * One folder of a bucket: its folders (id null) and files, by name; `search` keeps the names that
 * start with it. The first thousand entries: a folder holding more says so (StorageExplorer).
 */
export async function getStorageFolder(
  { projectRef, bucketId, prefix, search }: { projectRef: string; bucketId: string } & StorageFolderVars,
  signal?: AbortSignal
) {
  return call(
    storageRoutes.listStorageObjects,
    {
      params: { ref: projectRef, id: bucketId },
      body: { prefix, search, limit: STORAGE_LIST_LIMIT },
    },
    { signal }
  )
}
export type StorageFolderData = Awaited<ReturnType<typeof getStorageFolder>>

export function useStorageFolderQuery(
  { projectRef, bucketId, prefix, search }: { projectRef?: string; bucketId?: string } & StorageFolderVars,
  { enabled = true, ...options }: QueryOptions<StorageFolderData> = {}
) {
  const vars = { prefix, search: search.trim() }
  return useQuery({
    queryKey: storageKeys.folder(projectRef, bucketId, vars),
    queryFn: ({ signal }) => getStorageFolder({ projectRef: projectRef!, bucketId: bucketId!, ...vars }, signal),
    enabled: enabled !== false && projectRef !== undefined && bucketId !== undefined,
    placeholderData: keepPreviousData,
    ...options,
  })
}
