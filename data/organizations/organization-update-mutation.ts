import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import type { UpdateOrganizationBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from './keys'

export type OrganizationUpdateVariables = { slug: string } & UpdateOrganizationBody

export async function updateOrganization({ slug, ...body }: OrganizationUpdateVariables) {
  return call(organizationRoutes.updateOrganization, { params: { slug }, body })
}
export type OrganizationUpdateData = Awaited<ReturnType<typeof updateOrganization>>

export function useOrganizationUpdateMutation({ onSuccess, onError, ...options }: MutationOptions<OrganizationUpdateData, OrganizationUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateOrganization,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to update the organization: ${args[0].message}`)
    },
    ...options,
  })
}
