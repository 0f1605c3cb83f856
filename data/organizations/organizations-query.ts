import { useQuery } from '@tanstack/react-query'
import { routes } from '@/lib/api-types'
import { call } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import type { QueryOptions } from '../query-options'
import { organizationKeys } from './keys'

export async function getOrganizations(signal?: AbortSignal) {
  return call(routes.listOrganizations, {}, { signal })
}
export type OrganizationsData = Awaited<ReturnType<typeof getOrganizations>>

export function useOrganizationsQuery(options: QueryOptions<OrganizationsData> = {}) {
  return useQuery({ queryKey: organizationKeys.list(), queryFn: ({ signal }) => getOrganizations(signal), staleTime: LONG_STALE_TIME, ...options })
}
