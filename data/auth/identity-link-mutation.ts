import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { Provider } from '@supabase/auth-js'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { ResponseError } from '../fetchers'
import type { MutationOptions } from '../query-options'

export type IdentityLinkVariables = { provider: string; redirectTo: string }

/**
 * Starts linking a provider to the signed-in user: the browser leaves for the provider and comes
 * back to `redirectTo`, where the outcome is read from the URL (lib/auth/auth-redirect.ts).
 */
export async function linkIdentity({ provider, redirectTo }: IdentityLinkVariables) {
  // Provider names are configuration of the platform; auth-js types only the ones it knows.
  const { error } = await getGoTrueClient().linkIdentity({ provider: provider as Provider, options: { redirectTo } })
  if (error) throw new ResponseError(error.message, error.status ?? 500)
  return null
}

export function useIdentityLinkMutation({ onError, ...options }: MutationOptions<null, IdentityLinkVariables> = {}) {
  return useMutation({
    mutationFn: linkIdentity,
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to connect the account: ${args[0].message}`)
    },
    ...options,
  })
}
