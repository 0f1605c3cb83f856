import { useQuery } from '@tanstack/react-query'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import type { QueryOptions } from '../query-options'
import { organizationKeys } from './keys'

export async function getOrganizations(signal?: AbortSignal) {
  return call(organizationRoutes.listOrganizations, {}, { signal })
}
export type OrganizationsData = Awaited<ReturnType<typeof getOrganizations>>

export function useOrganizationsQuery(options: QueryOptions<OrganizationsData> = {}) {
  return useQuery({ queryKey: organizationKeys.list(), queryFn: ({ signal }) => getOrganizations(signal), staleTime: LONG_STALE_TIME, ...options })
}
