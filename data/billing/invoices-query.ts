import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

/** One statement per month since the organization began, the month in progress first. */
export async function getInvoices({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(billingRoutes.listInvoices, { params: { slug } }, { signal })
}
export type InvoicesData = Awaited<ReturnType<typeof getInvoices>>

export function useInvoicesQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<InvoicesData> = {}) {
  return useQuery({
    queryKey: billingKeys.invoices(slug),
    queryFn: ({ signal }) => getInvoices({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
