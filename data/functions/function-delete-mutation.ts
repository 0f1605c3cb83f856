import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { functionKeys } from './keys'

export type FunctionDeleteVariables = { projectRef: string; slug: string }

/** Deletes the function: its workers stop, its URL answers 404. */
export async function deleteFunction({ projectRef, slug }: FunctionDeleteVariables) {
  return call(functionRoutes.deleteFunction, { params: { ref: projectRef, slug } })
}

export function useFunctionDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<void, FunctionDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteFunction,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: functionKeys.list(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Could not delete the function: ${args[0].message}`)
    },
    ...options,
  })
}
