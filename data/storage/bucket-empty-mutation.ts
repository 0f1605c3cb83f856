import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageBucketEmptyVariables = { projectRef: string; id: string }

/** Deletes every file of a bucket, and their bytes. */
export async function emptyStorageBucket({ projectRef, id }: StorageBucketEmptyVariables) {
  return call(storageRoutes.emptyStorageBucket, {
    params: { ref: projectRef, id },
  })
}
export type StorageBucketEmptyData = Awaited<ReturnType<typeof emptyStorageBucket>>

export function useStorageBucketEmptyMutation({ onSuccess, onError, ...options }: MutationOptions<StorageBucketEmptyData, StorageBucketEmptyVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: emptyStorageBucket,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.objects(args[1].projectRef, args[1].id),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to empty the bucket: ${args[0].message}`)
    },
    ...options,
  })
}
