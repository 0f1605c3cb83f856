import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { refreshAfterMembershipGone } from './membership-gone'

export type OrganizationDeleteVariables = { slug: string }

export async function deleteOrganization({ slug }: OrganizationDeleteVariables) {
  return call(organizationRoutes.deleteOrganization, { params: { slug } })
}
export type OrganizationDeleteData = Awaited<ReturnType<typeof deleteOrganization>>

/**
 * The caller's onSuccess runs first (it leaves the organization's pages), the lists are refreshed
 * after: refreshed while still on /org/{slug}, the existence guard would report the organization
 * missing.
 */
export function useOrganizationDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<OrganizationDeleteData, OrganizationDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteOrganization,
    async onSuccess(...args) {
      await onSuccess?.(...args)
      await refreshAfterMembershipGone(queryClient)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete the organization: ${args[0].message}`)
    },
    ...options,
  })
}
