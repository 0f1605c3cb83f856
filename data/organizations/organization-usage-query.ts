import { useQuery } from '@tanstack/react-query'
import { routes } from '@/lib/api-types'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { organizationKeys } from './keys'

export async function getOrganizationUsage({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(routes.getOrganizationUsage, { params: { slug } }, { signal })
}
export type OrganizationUsageData = Awaited<ReturnType<typeof getOrganizationUsage>>

/** Refetched every minute while shown: the platform measures usage that often by default. */
export function useOrganizationUsageQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<OrganizationUsageData> = {}) {
  return useQuery({
    queryKey: organizationKeys.usage(slug),
    queryFn: ({ signal }) => getOrganizationUsage({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    refetchInterval: 60_000,
    ...options,
  })
}
