import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'

export type StorageObjectMoveVariables = {
  projectRef: string
  bucketId: string
  from: string
  to: string
}

/** Renames or moves a file within its bucket (409 when the new name is taken). */
export async function moveStorageObject({ projectRef, bucketId, from, to }: StorageObjectMoveVariables) {
  return call(storageRoutes.moveStorageObject, {
    params: { ref: projectRef, id: bucketId },
    body: { from, to },
  })
}
export type StorageObjectMoveData = Awaited<ReturnType<typeof moveStorageObject>>

export function useStorageObjectMoveMutation({ onSuccess, onError, ...options }: MutationOptions<StorageObjectMoveData, StorageObjectMoveVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: moveStorageObject,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({
        queryKey: storageKeys.objects(args[1].projectRef, args[1].bucketId),
      })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to move the file: ${args[0].message}`)
    },
    ...options,
  })
}
