import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectAuthKeys } from './keys'

export type ProjectUserInviteVariables = { projectRef: string; email: string }

/** Invites someone by email: the user is created and sent a link to set a password. */
export async function inviteProjectUser({ projectRef, email }: ProjectUserInviteVariables) {
  return call(projectAuthRoutes.inviteProjectUser, { params: { ref: projectRef }, body: { email } })
}
export type ProjectUserInviteData = Awaited<ReturnType<typeof inviteProjectUser>>

export function useProjectUserInviteMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectUserInviteData, ProjectUserInviteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: inviteProjectUser,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: projectAuthKeys.users(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to invite the user: ${args[0].message}`)
    },
    ...options,
  })
}
