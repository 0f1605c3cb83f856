import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { accessTokenRoutes } from '@/lib/api-types/browser/access-tokens.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { accessTokenKeys } from './keys'

export type AccessTokenCreateVariables = { name: string; expiresInDays: number | null }

/** Makes a token: the answer is the only time it is shown. */
export async function createAccessToken({ name, expiresInDays }: AccessTokenCreateVariables) {
  return call(accessTokenRoutes.createAccessToken, { body: { name, expires_in_days: expiresInDays } })
}
export type AccessTokenCreateData = Awaited<ReturnType<typeof createAccessToken>>

export function useAccessTokenCreateMutation({ onSuccess, onError, ...options }: MutationOptions<AccessTokenCreateData, AccessTokenCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAccessToken,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not make the token: ${args[0].message}`)
    },
    ...options,
  })
}
