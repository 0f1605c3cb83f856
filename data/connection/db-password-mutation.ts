import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { connectionRoutes } from '@/lib/api-types/browser/connection.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { connectionKeys } from './keys'

export type DbPasswordChangeVariables = { projectRef: string; password: string }

/** Sets the password of the project's own role; the old one stops working. */
export async function changeDbPassword({ projectRef, password }: DbPasswordChangeVariables) {
  return call(connectionRoutes.updateDbPassword, { params: { ref: projectRef }, body: { password } })
}

export function useDbPasswordChangeMutation({ onSuccess, onError, ...options }: MutationOptions<void, DbPasswordChangeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changeDbPassword,
    async onSuccess(...args) {
      queryClient.setQueryData(connectionKeys.password(args[1].projectRef), { password: args[1].password })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to reset the database password: ${args[0].message}`)
    },
    ...options,
  })
}
