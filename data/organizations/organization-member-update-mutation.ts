import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import type { OrganizationRole } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { profileKeys } from '../profile/keys'
import { organizationKeys } from './keys'

export type OrganizationMemberUpdateVariables = { slug: string; gotrueId: string; role: OrganizationRole }

export async function updateOrganizationMember({ slug, gotrueId, role }: OrganizationMemberUpdateVariables) {
  return call(organizationRoutes.updateMember, { params: { slug, gotrue_id: gotrueId }, body: { role } })
}
export type OrganizationMemberUpdateData = Awaited<ReturnType<typeof updateOrganizationMember>>

export function useOrganizationMemberUpdateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<OrganizationMemberUpdateData, OrganizationMemberUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateOrganizationMember,
    async onSuccess(...args) {
      const [, { slug }] = args
      await queryClient.invalidateQueries({ queryKey: organizationKeys.members(slug) })
      // The caller's own role may be the one that changed.
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      await queryClient.invalidateQueries({ queryKey: profileKeys.permissions() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to change the role: ${args[0].message}`)
    },
    ...options,
  })
}
