import { useQuery } from '@tanstack/react-query'
import type { QueryOptions } from '../query-options'
import { storageKeys } from './keys'
import { signStorageObject } from './object-sign'

/** How long a preview's URL works; the query is fresh for less, so a shown URL never expired. */
const PREVIEW_SECONDS = 3600
const PREVIEW_FRESH_MS = 50 * 60 * 1000

export type StoragePreviewData = Awaited<ReturnType<typeof signStorageObject>>

/** A signed URL to show a file in its panel (an image, a link to open it). */
export function useStorageObjectPreviewQuery(
  { projectRef, bucketId, path }: { projectRef: string; bucketId: string; path?: string },
  { enabled = true, ...options }: QueryOptions<StoragePreviewData> = {}
) {
  return useQuery({
    queryKey: [...storageKeys.objects(projectRef, bucketId), 'preview', path] as const,
    queryFn: () =>
      signStorageObject({
        projectRef,
        bucketId,
        path: path!,
        expiresIn: PREVIEW_SECONDS,
      }),
    enabled: enabled !== false && path !== undefined,
    staleTime: PREVIEW_FRESH_MS,
    ...options,
  })
}
