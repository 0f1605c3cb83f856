import { useQuery } from '@tanstack/react-query'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { storageKeys } from './keys'

/** The project's storage settings: its own upload limit (null for the plan's) and the plan's upload size, the most it may be. */
export async function getStorageSettings({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(storageRoutes.getStorageSettings, { params: { ref: projectRef } }, { signal })
}
export type StorageSettingsData = Awaited<ReturnType<typeof getStorageSettings>>

export function useStorageSettingsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<StorageSettingsData> = {}) {
  return useQuery({
    queryKey: storageKeys.settings(projectRef),
    queryFn: ({ signal }) => getStorageSettings({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
