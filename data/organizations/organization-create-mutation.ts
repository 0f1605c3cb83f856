import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import type { CreateOrganizationBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { profileKeys } from '../profile/keys'
import { organizationKeys } from './keys'

export async function createOrganization(body: CreateOrganizationBody) {
  return call(organizationRoutes.createOrganization, { body })
}
export type OrganizationCreateData = Awaited<ReturnType<typeof createOrganization>>

export function useOrganizationCreateMutation({ onSuccess, onError, ...options }: MutationOptions<OrganizationCreateData, CreateOrganizationBody> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrganization,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      await queryClient.invalidateQueries({ queryKey: profileKeys.permissions() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create organization: ${args[0].message}`)
    },
    ...options,
  })
}
