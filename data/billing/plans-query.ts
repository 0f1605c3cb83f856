import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

/** The plan cards and the comparison table (public; the same for everyone). */
export async function getPlans(signal?: AbortSignal) {
  return call(billingRoutes.listPlans, {}, { signal })
}
export type PlansData = Awaited<ReturnType<typeof getPlans>>

export function usePlansQuery(options: QueryOptions<PlansData> = {}) {
  return useQuery({ queryKey: billingKeys.plans(), queryFn: ({ signal }) => getPlans(signal), staleTime: Infinity, ...options })
}
