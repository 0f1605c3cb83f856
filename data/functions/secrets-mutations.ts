import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { functionKeys } from './keys'

export type SecretsSetVariables = { projectRef: string; secrets: { name: string; value: string }[] }

/** Sets secrets (a name set again takes the new value); functions' next requests see them. */
export async function setSecrets({ projectRef, secrets }: SecretsSetVariables) {
  return call(functionRoutes.createSecrets, { params: { ref: projectRef }, body: secrets })
}
export type SecretsSetData = Awaited<ReturnType<typeof setSecrets>>

export function useSecretsSetMutation({ onSuccess, onError, ...options }: MutationOptions<SecretsSetData, SecretsSetVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setSecrets,
    async onSuccess(...args) {
      queryClient.setQueryData(functionKeys.secrets(args[1].projectRef), args[0])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not save the secret: ${args[0].message}`)
    },
    ...options,
  })
}

export type SecretsDeleteVariables = { projectRef: string; names: string[] }

export async function deleteSecrets({ projectRef, names }: SecretsDeleteVariables) {
  return call(functionRoutes.deleteSecrets, { params: { ref: projectRef }, body: names })
}

export function useSecretsDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<void, SecretsDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSecrets,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: functionKeys.secrets(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not delete the secret: ${args[0].message}`)
    },
    ...options,
  })
}
