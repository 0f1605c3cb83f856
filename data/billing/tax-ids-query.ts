import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

/** The tax ids the organization's statements carry. */
export async function getTaxIds({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(billingRoutes.listTaxIds, { params: { slug } }, { signal })
}
export type TaxIdsData = Awaited<ReturnType<typeof getTaxIds>>

export function useTaxIdsQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<TaxIdsData> = {}) {
  return useQuery({
    queryKey: billingKeys.taxIds(slug),
    queryFn: ({ signal }) => getTaxIds({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
