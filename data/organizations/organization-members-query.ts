import { useQuery } from '@tanstack/react-query'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { organizationKeys } from './keys'

export async function getOrganizationMembers({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(organizationRoutes.listMembers, { params: { slug } }, { signal })
}
export type OrganizationMembersData = Awaited<ReturnType<typeof getOrganizationMembers>>

export function useOrganizationMembersQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<OrganizationMembersData> = {}) {
  return useQuery({
    queryKey: organizationKeys.members(slug),
    queryFn: ({ signal }) => getOrganizationMembers({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
