import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from './keys'

export type InvitationDeclineVariables = { slug: string; token: string }

export async function declineInvitation({ slug, token }: InvitationDeclineVariables) {
  return call(organizationRoutes.declineInvitation, { params: { slug, token } })
}
export type InvitationDeclineData = Awaited<ReturnType<typeof declineInvitation>>

export function useInvitationDeclineMutation({ onSuccess, onError, ...options }: MutationOptions<InvitationDeclineData, InvitationDeclineVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: declineInvitation,
    async onSuccess(...args) {
      await onSuccess?.(...args)
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitation(args[1].token) })
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to decline the invitation: ${args[0].message}`)
    },
    ...options,
  })
}
