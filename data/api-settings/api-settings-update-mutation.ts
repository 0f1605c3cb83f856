import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { dataApiRoutes } from '@/lib/api-types/browser/data-api.routes'
import type { ApiSettingsPatch } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import type { ApiSettingsData } from './api-settings-query'
import { storeApiSettings } from './store-answer'

export type ApiSettingsUpdateVariables = { projectRef: string } & ApiSettingsPatch

/** Changes the data API's settings (on/off, exposed schemas, max rows). */
export async function updateApiSettings({ projectRef, ...body }: ApiSettingsUpdateVariables) {
  return call(dataApiRoutes.updateApiSettings, { params: { ref: projectRef }, body })
}

export function useApiSettingsUpdateMutation({ onSuccess, onError, ...options }: MutationOptions<ApiSettingsData, ApiSettingsUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateApiSettings,
    async onSuccess(...args) {
      storeApiSettings(queryClient, args[1].projectRef, args[0])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to save the data API settings: ${args[0].message}`)
    },
    ...options,
  })
}
