import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import type { CreateTaxIdBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { billingKeys } from './keys'

export type TaxIdCreateVariables = { slug: string } & CreateTaxIdBody

export async function createTaxId({ slug, ...body }: TaxIdCreateVariables) {
  return call(billingRoutes.createTaxId, { params: { slug }, body })
}
export type TaxIdCreateData = Awaited<ReturnType<typeof createTaxId>>

export function useTaxIdCreateMutation({ onSuccess, onError, ...options }: MutationOptions<TaxIdCreateData, TaxIdCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTaxId,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: billingKeys.taxIds(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to add the tax id: ${args[0].message}`)
    },
    ...options,
  })
}
