import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { profileKeys } from '../profile/keys'
import { projectKeys } from '../projects/keys'
import { organizationKeys } from './keys'

export type InvitationAcceptVariables = { slug: string; token: string }

export async function acceptInvitation({ slug, token }: InvitationAcceptVariables) {
  return call(organizationRoutes.acceptInvitation, { params: { slug, token } })
}
export type InvitationAcceptData = Awaited<ReturnType<typeof acceptInvitation>>

/**
 * The organizations, permissions and the project list are fetched again before the caller's
 * onSuccess: the page then goes to the organization, which the existence guard must already know
 * and whose projects the list cached before joining did not hold ("No projects" until a reload).
 */
export function useInvitationAcceptMutation({ onSuccess, onError, ...options }: MutationOptions<InvitationAcceptData, InvitationAcceptVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptInvitation,
    async onSuccess(...args) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.permissions() }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.invitation(args[1].token) }),
      ])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to accept the invitation: ${args[0].message}`)
    },
    ...options,
  })
}
