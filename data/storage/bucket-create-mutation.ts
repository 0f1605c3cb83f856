import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { CreateStorageBucketBody } from '@/lib/api-types/storage'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageBucketCreateVariables = {
  projectRef: string
} & CreateStorageBucketBody

/** Creates a bucket, public (anyone with its URL reads its files) or private (policies decide). */
export async function createStorageBucket({ projectRef, ...body }: StorageBucketCreateVariables) {
  return call(storageRoutes.createStorageBucket, {
    params: { ref: projectRef },
    body,
  })
}
export type StorageBucketCreateData = Awaited<ReturnType<typeof createStorageBucket>>

export function useStorageBucketCreateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageBucketCreateData, StorageBucketCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStorageBucket,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.buckets(args[1].projectRef),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create the bucket: ${args[0].message}`)
    },
    ...options,
  })
}
