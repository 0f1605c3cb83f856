import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import type { CreateInvitationBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from './keys'

export type InvitationCreateVariables = { slug: string } & CreateInvitationBody

export async function createInvitation({ slug, ...body }: InvitationCreateVariables) {
  return call(organizationRoutes.createInvitation, { params: { slug }, body })
}
export type InvitationCreateData = Awaited<ReturnType<typeof createInvitation>>

export function useInvitationCreateMutation({ onSuccess, onError, ...options }: MutationOptions<InvitationCreateData, InvitationCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createInvitation,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.invitations(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to invite: ${args[0].message}`)
    },
    ...options,
  })
}
