import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { accessTokenRoutes } from '@/lib/api-types/browser/access-tokens.routes'
import { call } from '../fetchers'
import type { MutationOptions, QueryOptions } from '../query-options'

/** The signed-in user's personal access tokens (never the tokens themselves). */
export const accessTokenKeys = { list: () => ['profile', 'access-tokens'] as const }

export async function getAccessTokens(signal?: AbortSignal) {
  return call(accessTokenRoutes.listAccessTokens, {}, { signal })
}
export type AccessTokensData = Awaited<ReturnType<typeof getAccessTokens>>

export function useAccessTokensQuery(options: QueryOptions<AccessTokensData> = {}) {
  return useQuery({ queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal), ...options })
}

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

export async function deleteAccessToken({ id }: { id: string }) {
  return call(accessTokenRoutes.deleteAccessToken, { params: { id } })
}

export function useAccessTokenDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<void, { id: string }> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccessToken,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not revoke the token: ${args[0].message}`)
    },
    ...options,
  })
}
