import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageS3AccessKeyDeleteVariables = { projectRef: string; id: string }

/** Revokes an S3 access key: requests signed with it are refused at once (404 when it is gone already). */
export async function deleteStorageS3AccessKey({ projectRef, id }: StorageS3AccessKeyDeleteVariables) {
  return call(storageRoutes.deleteStorageS3AccessKey, {
    params: { ref: projectRef, id },
  })
}
export type StorageS3AccessKeyDeleteData = Awaited<ReturnType<typeof deleteStorageS3AccessKey>>

export function useStorageS3AccessKeyDeleteMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageS3AccessKeyDeleteData, StorageS3AccessKeyDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteStorageS3AccessKey,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.s3(args[1].projectRef),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      // Revoked meanwhile (another tab, another member): the list still shows it until refreshed.
      if (args[0].code === 404) void queryClient.invalidateQueries({ queryKey: storageKeys.s3(args[1].projectRef) })
      if (onError) return onError(...args)
      toast.error(`Failed to revoke the access key: ${args[0].message}`)
    },
    ...options,
  })
}
