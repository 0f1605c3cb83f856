import { useQuery } from '@tanstack/react-query'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentFoldersVariables = { ref: string }

/** The caller's own folders in the project, by name. */
export async function getContentFolders({ ref }: ContentFoldersVariables, signal?: AbortSignal) {
  return call(contentRoutes.listContentFolders, { params: { ref } }, { signal })
}
export type ContentFoldersData = Awaited<ReturnType<typeof getContentFolders>>

export function useContentFoldersQuery({ ref }: Partial<ContentFoldersVariables>, { enabled = true, ...options }: QueryOptions<ContentFoldersData> = {}) {
  return useQuery({
    queryKey: contentKeys.folders(ref),
    queryFn: ({ signal }) => getContentFolders({ ref: ref! }, signal),
    enabled: enabled !== false && ref !== undefined,
    ...options,
  })
}
