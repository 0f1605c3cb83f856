import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { refreshAfterMembershipGone } from './membership-gone'

export type OrganizationLeaveVariables = { slug: string }

export async function leaveOrganization({ slug }: OrganizationLeaveVariables) {
  return call(organizationRoutes.leaveOrganization, { params: { slug } })
}
export type OrganizationLeaveData = Awaited<ReturnType<typeof leaveOrganization>>

/** Like deleting: the caller navigates away first, then the lists are refreshed (existence guard). */
export function useOrganizationLeaveMutation({ onSuccess, onError, ...options }: MutationOptions<OrganizationLeaveData, OrganizationLeaveVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: leaveOrganization,
    async onSuccess(...args) {
      await onSuccess?.(...args)
      await refreshAfterMembershipGone(queryClient)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to leave the organization: ${args[0].message}`)
    },
    ...options,
  })
}
