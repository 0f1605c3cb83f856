import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { z } from 'zod'
import type { updateStorageSettingsBody } from '@/lib/api-types/storage'
import { storageRoutes } from '@/lib/api-types/browser/storage.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { storageKeys } from './keys'
import type { StorageSettingsData } from './storage-settings-query'

export type StorageSettingsUpdateVariables = { projectRef: string } & z.input<typeof updateStorageSettingsBody>

/** Sets the largest file any upload to the project may be, in bytes (null: the plan's); 400 above the plan's upload size. */
export async function updateStorageSettings({ projectRef, ...body }: StorageSettingsUpdateVariables) {
  return call(storageRoutes.updateStorageSettings, {
    params: { ref: projectRef },
    body,
  })
}

export function useStorageSettingsUpdateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<StorageSettingsData, StorageSettingsUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateStorageSettings,
    async onSuccess(...args) {
      // The answer is the settings as saved: nothing to read again.
      queryClient.setQueryData(storageKeys.settings(args[1].projectRef), args[0])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to save the upload limit: ${args[0].message}`)
    },
    ...options,
  })
}
