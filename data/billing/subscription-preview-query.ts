import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import type { PlanTier } from '@/lib/api-types'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

export type SubscriptionPreviewVariables = { slug: string; tier: PlanTier }

/** What a change to `tier` would cost and do. A POST that changes nothing, so read as a query. */
export async function getSubscriptionPreview({ slug, tier }: SubscriptionPreviewVariables, signal?: AbortSignal) {
  return call(billingRoutes.previewSubscription, { params: { slug }, body: { tier } }, { signal })
}
export type SubscriptionPreviewData = Awaited<ReturnType<typeof getSubscriptionPreview>>

export function useSubscriptionPreviewQuery(
  { slug, tier }: Partial<SubscriptionPreviewVariables>,
  { enabled = true, ...options }: QueryOptions<SubscriptionPreviewData> = {}
) {
  return useQuery({
    queryKey: billingKeys.preview(slug, tier),
    queryFn: ({ signal }) => getSubscriptionPreview({ slug: slug!, tier: tier! }, signal),
    enabled: enabled !== false && slug !== undefined && tier !== undefined,
    // The usage it is priced on changes every sampling interval: asked again each time it is shown.
    staleTime: 0,
    ...options,
  })
}
