import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from './keys'

export type OrganizationMemberRemoveVariables = { slug: string; gotrueId: string }

export async function removeOrganizationMember({ slug, gotrueId }: OrganizationMemberRemoveVariables) {
  return call(organizationRoutes.removeMember, { params: { slug, gotrue_id: gotrueId } })
}
export type OrganizationMemberRemoveData = Awaited<ReturnType<typeof removeOrganizationMember>>

export function useOrganizationMemberRemoveMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<OrganizationMemberRemoveData, OrganizationMemberRemoveVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeOrganizationMember,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.members(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to remove the member: ${args[0].message}`)
    },
    ...options,
  })
}
