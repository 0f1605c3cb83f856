import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { ResponseError } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { authKeys } from './keys'
import type { UserIdentity } from './user-identities-query'

export type IdentityUnlinkVariables = { identity: UserIdentity }

/** Removes a way to sign in; the auth service refuses to remove the last one. */
export async function unlinkIdentity({ identity }: IdentityUnlinkVariables) {
  const { error } = await getGoTrueClient().unlinkIdentity(identity)
  if (error) throw new ResponseError(error.message, error.status ?? 500)
  return null
}

export function useIdentityUnlinkMutation({ onSuccess, onError, ...options }: MutationOptions<null, IdentityUnlinkVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: unlinkIdentity,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: authKeys.identities() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to disconnect the account: ${args[0].message}`)
    },
    ...options,
  })
}
