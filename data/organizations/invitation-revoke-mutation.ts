import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from './keys'

export type InvitationRevokeVariables = { slug: string; id: number }

export async function revokeInvitation({ slug, id }: InvitationRevokeVariables) {
  return call(organizationRoutes.revokeInvitation, { params: { slug, id: String(id) } })
}
export type InvitationRevokeData = Awaited<ReturnType<typeof revokeInvitation>>

export function useInvitationRevokeMutation({ onSuccess, onError, ...options }: MutationOptions<InvitationRevokeData, InvitationRevokeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: revokeInvitation,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to revoke the invitation: ${args[0].message}`)
    },
    ...options,
  })
}
