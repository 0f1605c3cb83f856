import { useQuery } from '@tanstack/react-query'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { organizationKeys } from './keys'

/** Pending (and expired, not yet revoked) invitations; Owners and Admins only. */
export async function getOrganizationInvitations({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(organizationRoutes.listInvitations, { params: { slug } }, { signal })
}
export type OrganizationInvitationsData = Awaited<ReturnType<typeof getOrganizationInvitations>>

export function useOrganizationInvitationsQuery(
  { slug }: { slug?: string },
  { enabled = true, ...options }: QueryOptions<OrganizationInvitationsData> = {}
) {
  return useQuery({
    queryKey: organizationKeys.invitations(slug),
    queryFn: ({ signal }) => getOrganizationInvitations({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
