import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectAuthKeys } from './keys'

export type ProjectUserDeleteVariables = { projectRef: string; id: string }

/** Deletes a user with their identities and sessions; rows that reference auth.users follow their foreign keys. */
export async function deleteProjectUser({ projectRef, id }: ProjectUserDeleteVariables) {
  return call(projectAuthRoutes.deleteProjectUser, { params: { ref: projectRef, id } })
}
export type ProjectUserDeleteData = Awaited<ReturnType<typeof deleteProjectUser>>

export function useProjectUserDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectUserDeleteData, ProjectUserDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProjectUser,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: projectAuthKeys.users(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete the user: ${args[0].message}`)
    },
    ...options,
  })
}
