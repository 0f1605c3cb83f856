import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageBucketDeleteVariables = { projectRef: string; id: string }

/** Deletes an empty bucket (409 while it holds files). */
export async function deleteStorageBucket({ projectRef, id }: StorageBucketDeleteVariables) {
  return call(storageRoutes.deleteStorageBucket, {
    params: { ref: projectRef, id },
  })
}
export type StorageBucketDeleteData = Awaited<ReturnType<typeof deleteStorageBucket>>

export function useStorageBucketDeleteMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageBucketDeleteData, StorageBucketDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteStorageBucket,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.all(args[1].projectRef),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete the bucket: ${args[0].message}`)
    },
    ...options,
  })
}
