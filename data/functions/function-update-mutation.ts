import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { functionKeys } from './keys'

export type FunctionUpdateVariables = { projectRef: string; slug: string; verifyJwt?: boolean; name?: string }

/** Changes verify_jwt or the name: the next request sees it. */
export async function updateFunction({ projectRef, slug, verifyJwt, name }: FunctionUpdateVariables) {
  return call(functionRoutes.updateFunction, { params: { ref: projectRef, slug }, body: { verify_jwt: verifyJwt, name } })
}
export type FunctionUpdateData = Awaited<ReturnType<typeof updateFunction>>

export function useFunctionUpdateMutation({ onSuccess, onError, ...options }: MutationOptions<FunctionUpdateData, FunctionUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateFunction,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: functionKeys.all(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not change the function: ${args[0].message}`)
    },
    ...options,
  })
}
