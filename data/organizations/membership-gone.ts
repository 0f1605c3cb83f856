import type { QueryClient } from '@tanstack/react-query'
import { profileKeys } from '../profile/keys'
import { organizationKeys } from './keys'

/**
 * After the caller stopped belonging to an organization (deleted it, or left it): the lists that
 * named it are refetched. Called once the caller has left the organization's pages: refreshed
 * while still on /org/{slug}, the existence guard would report the organization missing.
 */
export async function refreshAfterMembershipGone(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
  await queryClient.invalidateQueries({ queryKey: profileKeys.permissions() })
}
