import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { dataApiRoutes } from '@/lib/api-types/browser/data-api.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import type { ApiSettingsData } from './api-settings-query'
import { storeApiSettings } from './store-answer'

export type JwtSecretRotateVariables = { projectRef: string }

/** A new JWT secret for the project: both API keys are re-issued and the old ones stop working. */
export async function rotateJwtSecret({ projectRef }: JwtSecretRotateVariables) {
  return call(dataApiRoutes.rotateJwtSecret, { params: { ref: projectRef } })
}

export function useJwtSecretRotateMutation({ onSuccess, onError, ...options }: MutationOptions<ApiSettingsData, JwtSecretRotateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: rotateJwtSecret,
    async onSuccess(...args) {
      storeApiSettings(queryClient, args[1].projectRef, args[0])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to generate a new JWT secret: ${args[0].message}`)
    },
    ...options,
  })
}
