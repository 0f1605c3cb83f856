import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Profile } from '@/lib/api-types'
import { post } from '../fetchers'
import { profileKeys } from './keys'
import { organizationKeys } from '../organizations/keys'

export const createProfile = () => post<Profile>('/platform/profile')

/**
 * Creates the signed-in user's profile. The server records the sign_up conversion event in the
 * same transaction; then profile, organizations and permissions are refreshed.
 */
export function useProfileCreateMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProfile,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.permissions() }),
      ])
    },
  })
}
