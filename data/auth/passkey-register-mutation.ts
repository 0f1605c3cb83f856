import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import type { MutationOptions } from '../query-options'
import { authKeys } from './keys'
import { passkeyFailure } from './passkey-failure'

/** The whole ceremony: options from the auth service, the browser's prompt, then verification. */
export async function registerPasskey() {
  const { data, error } = await getGoTrueClient().registerPasskey()
  if (error || !data) throw passkeyFailure(error ?? {})
  return data
}
export type PasskeyRegisterData = Awaited<ReturnType<typeof registerPasskey>>

export function usePasskeyRegisterMutation({ onSuccess, onError, ...options }: MutationOptions<PasskeyRegisterData, void> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: registerPasskey,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: authKeys.passkeys() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to add the passkey: ${args[0].message}`)
    },
    ...options,
  })
}
