import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import type { MutationOptions } from '../query-options'
import { authKeys } from './keys'
import { passkeyFailure } from './passkey-failure'

export type PasskeyDeleteVariables = { passkeyId: string }

export async function deletePasskey({ passkeyId }: PasskeyDeleteVariables) {
  const { error } = await getGoTrueClient().passkey.delete({ passkeyId })
  if (error) throw passkeyFailure(error)
  return null
}

export function usePasskeyDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<null, PasskeyDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePasskey,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: authKeys.passkeys() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to remove the passkey: ${args[0].message}`)
    },
    ...options,
  })
}
