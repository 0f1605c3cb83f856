import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

export type UsageVariables = { slug: string; start?: string; end?: string }

/** Usage over a period (the current billing period without start and end), with its cost. */
export async function getOrganizationUsage({ slug, start, end }: UsageVariables, signal?: AbortSignal) {
  const query = { ...(start ? { start } : {}), ...(end ? { end } : {}) }
  return call(billingRoutes.getOrganizationUsage, { params: { slug }, query }, { signal })
}
export type OrganizationUsageData = Awaited<ReturnType<typeof getOrganizationUsage>>

/** Refetched every minute while shown: the platform measures usage that often by default. */
export function useOrganizationUsageQuery(
  { slug, start, end }: Partial<UsageVariables>,
  { enabled = true, ...options }: QueryOptions<OrganizationUsageData> = {}
) {
  return useQuery({
    queryKey: billingKeys.usage(slug, start, end),
    queryFn: ({ signal }) => getOrganizationUsage({ slug: slug!, start, end }, signal),
    enabled: enabled !== false && slug !== undefined,
    refetchInterval: 60_000,
    ...options,
  })
}
