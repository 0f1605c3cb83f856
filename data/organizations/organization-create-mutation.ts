import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { CreateOrganizationBody, Organization } from '@/lib/api-types'
import { post } from '../fetchers'
import { organizationKeys } from './keys'
import { profileKeys } from '../profile/keys'

export const createOrganization = (body: CreateOrganizationBody) => post<Organization>('/platform/organizations', body)

export function useOrganizationCreateMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      await queryClient.invalidateQueries({ queryKey: profileKeys.permissions() })
    },
    onError: (error) => toast.error(`Failed to create organization: ${error.message}`),
  })
}
