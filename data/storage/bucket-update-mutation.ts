import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { UpdateStorageBucketBody } from '@/lib/api-types/storage'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageBucketUpdateVariables = {
  projectRef: string
  id: string
} & UpdateStorageBucketBody

/** Changes a bucket's access, its largest file or the types of file it takes. */
export async function updateStorageBucket({ projectRef, id, ...body }: StorageBucketUpdateVariables) {
  return call(storageRoutes.updateStorageBucket, {
    params: { ref: projectRef, id },
    body,
  })
}
export type StorageBucketUpdateData = Awaited<ReturnType<typeof updateStorageBucket>>

export function useStorageBucketUpdateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageBucketUpdateData, StorageBucketUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStorageBucket,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.buckets(args[1].projectRef),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to change the bucket: ${args[0].message}`)
    },
    ...options,
  })
}
