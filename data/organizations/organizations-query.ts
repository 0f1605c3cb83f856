import { useQuery } from '@tanstack/react-query'
import type { Organization } from '@/lib/api-types'
import { get } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import { organizationKeys } from './keys'

export const getOrganizations = (signal?: AbortSignal) => get<Organization[]>('/platform/organizations', { signal })

export function useOrganizationsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: organizationKeys.list(), queryFn: ({ signal }) => getOrganizations(signal), staleTime: LONG_STALE_TIME, enabled })
}
