import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { billingRoutes } from '@/lib/api-types/browser/billing.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { billingKeys } from './keys'

export type TaxIdDeleteVariables = { slug: string; id: number }

export async function deleteTaxId({ slug, id }: TaxIdDeleteVariables) {
  return call(billingRoutes.deleteTaxId, { params: { slug }, body: { id } })
}
export type TaxIdDeleteData = Awaited<ReturnType<typeof deleteTaxId>>

export function useTaxIdDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<TaxIdDeleteData, TaxIdDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTaxId,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: billingKeys.taxIds(args[1].slug) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to remove the tax id: ${args[0].message}`)
    },
    ...options,
  })
}
