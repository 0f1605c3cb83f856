import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

/** The organization's tier, billing period, billing email and payment method. */
export async function getSubscription({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(billingRoutes.getSubscription, { params: { slug } }, { signal })
}
export type SubscriptionData = Awaited<ReturnType<typeof getSubscription>>

export function useSubscriptionQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<SubscriptionData> = {}) {
  return useQuery({
    queryKey: billingKeys.subscription(slug),
    queryFn: ({ signal }) => getSubscription({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
