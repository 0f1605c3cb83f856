import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { accessTokenRoutes } from '@/lib/api-types/browser/access-tokens.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { accessTokenKeys } from './keys'

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
