import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageS3AccessKeyCreateVariables = { projectRef: string; description: string }

/** Makes an S3 access key; its secret is in this answer only, never again. */
export async function createStorageS3AccessKey({ projectRef, description }: StorageS3AccessKeyCreateVariables) {
  return call(storageRoutes.createStorageS3AccessKey, {
    params: { ref: projectRef },
    body: { description },
  })
}
export type StorageS3AccessKeyCreateData = Awaited<ReturnType<typeof createStorageS3AccessKey>>

export function useStorageS3AccessKeyCreateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageS3AccessKeyCreateData, StorageS3AccessKeyCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createStorageS3AccessKey,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.s3(args[1].projectRef),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create the access key: ${args[0].message}`)
    },
    ...options,
  })
}
