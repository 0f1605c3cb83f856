import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import type { PlanTier } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { organizationKeys } from '../organizations/keys'

export type SubscriptionUpdateVariables = { slug: string; tier: PlanTier }

/** Moves the organization to `tier` at once; refused (400) for the reasons its preview gives. */
export async function updateSubscription({ slug, tier }: SubscriptionUpdateVariables) {
  return call(billingRoutes.updateSubscription, { params: { slug }, body: { tier } })
}
export type SubscriptionUpdateData = Awaited<ReturnType<typeof updateSubscription>>

export function useSubscriptionUpdateMutation({ onSuccess, onError, ...options }: MutationOptions<SubscriptionUpdateData, SubscriptionUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSubscription,
    async onSuccess(...args) {
      // A new tier changes the organization's plan in the list (banners, roles offered), its quotas,
      // restriction, usage cost and statements: everything below ['organizations'] is refreshed.
      await queryClient.invalidateQueries({ queryKey: organizationKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to change the plan: ${args[0].message}`)
    },
    ...options,
  })
}
