import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import type { MutationOptions } from '../query-options'
import { authKeys } from './keys'
import { passkeyFailure } from './passkey-failure'

export type PasskeyUpdateVariables = { passkeyId: string; friendlyName: string }

export async function updatePasskey({ passkeyId, friendlyName }: PasskeyUpdateVariables) {
  const { data, error } = await getGoTrueClient().passkey.update({ passkeyId, friendlyName })
  if (error || !data) throw passkeyFailure(error ?? {})
  return data
}
export type PasskeyUpdateData = Awaited<ReturnType<typeof updatePasskey>>

export function usePasskeyUpdateMutation({ onSuccess, onError, ...options }: MutationOptions<PasskeyUpdateData, PasskeyUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updatePasskey,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: authKeys.passkeys() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to rename the passkey: ${args[0].message}`)
    },
    ...options,
  })
}
