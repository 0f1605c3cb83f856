import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectAuthKeys } from './keys'

export type ProjectUserCreateVariables = { projectRef: string; email: string; password?: string; emailConfirm: boolean }

/** Creates a user with an email and, if given, a password; confirmed at once or sent a confirmation mail. */
export async function createProjectUser({ projectRef, email, password, emailConfirm }: ProjectUserCreateVariables) {
  return call(projectAuthRoutes.createProjectUser, { params: { ref: projectRef }, body: { email, password: password || undefined, email_confirm: emailConfirm } })
}
export type ProjectUserCreateData = Awaited<ReturnType<typeof createProjectUser>>

export function useProjectUserCreateMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectUserCreateData, ProjectUserCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProjectUser,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: projectAuthKeys.users(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create the user: ${args[0].message}`)
    },
    ...options,
  })
}
