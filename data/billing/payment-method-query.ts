import { useQuery } from '@tanstack/react-query'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { billingKeys } from './keys'

/** The card on file, or the masked placeholder and why there is none (no card processor). */
export async function getPaymentMethod({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(billingRoutes.getPaymentMethod, { params: { slug } }, { signal })
}
export type PaymentMethodData = Awaited<ReturnType<typeof getPaymentMethod>>

export function usePaymentMethodQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<PaymentMethodData> = {}) {
  return useQuery({
    queryKey: billingKeys.paymentMethod(slug),
    queryFn: ({ signal }) => getPaymentMethod({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
