import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { billingKeys } from './keys'

export type PaymentMethodAttachVariables = { slug: string; paymentMethodToken: string }

/**
 * Hands the platform the token a card processor's own card form produced (never a card number).
 * Without a processor the platform answers 409 saying so: nothing on the page calls this until a
 * processor's card form is plugged in (server/billing/payment-processor.ts).
 */
export async function attachPaymentMethod({ slug, paymentMethodToken }: PaymentMethodAttachVariables) {
  return call(billingRoutes.attachPaymentMethod, { params: { slug }, body: { payment_method_token: paymentMethodToken } })
}
export type PaymentMethodAttachData = Awaited<ReturnType<typeof attachPaymentMethod>>

export function usePaymentMethodAttachMutation({ onSuccess, onError, ...options }: MutationOptions<PaymentMethodAttachData, PaymentMethodAttachVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: attachPaymentMethod,
    async onSuccess(...args) {
      const { slug } = args[1]
      await queryClient.invalidateQueries({ queryKey: billingKeys.paymentMethod(slug) })
      await queryClient.invalidateQueries({ queryKey: billingKeys.subscription(slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to add the payment method: ${args[0].message}`)
    },
    ...options,
  })
}
