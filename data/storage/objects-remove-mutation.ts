import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageObjectsRemoveVariables = {
  projectRef: string
  bucketId: string
  paths: string[]
}

/** Deletes files by their full names; answers how many were deleted. */
export async function removeStorageObjects({ projectRef, bucketId, paths }: StorageObjectsRemoveVariables) {
  return call(storageRoutes.removeStorageObjects, {
    params: { ref: projectRef, id: bucketId },
    body: { paths },
  })
}
export type StorageObjectsRemoveData = Awaited<ReturnType<typeof removeStorageObjects>>

export function useStorageObjectsRemoveMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageObjectsRemoveData, StorageObjectsRemoveVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeStorageObjects,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.objects(args[1].projectRef, args[1].bucketId),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete: ${args[0].message}`)
    },
    ...options,
  })
}
