import { useMutation, useQueryClient } from '@tanstack/react-query'
import { profileRoutes } from '@/lib/api-types/browser/profile.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from '../organizations/keys'
import { profileKeys } from './keys'

export async function createProfile() {
  return call(profileRoutes.createProfile)
}
export type ProfileCreateData = Awaited<ReturnType<typeof createProfile>>

/**
 * Creates the signed-in user's profile. The server records the sign_up conversion event in the
 * same transaction; then profile, organizations and permissions are refreshed.
 */
export function useProfileCreateMutation({ onSuccess, ...options }: MutationOptions<ProfileCreateData, void> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProfile,
    async onSuccess(...args) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.profile() }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.list() }),
        queryClient.invalidateQueries({ queryKey: profileKeys.permissions() }),
      ])
      await onSuccess?.(...args)
    },
    ...options,
  })
}
