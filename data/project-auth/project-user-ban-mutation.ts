import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectAuthKeys } from './keys'

export type ProjectUserBanVariables = { projectRef: string; id: string; banDuration: string }

/** Bans a user for a duration such as `24h` (they cannot sign in until it ends), or lifts a ban with `none`. */
export async function banProjectUser({ projectRef, id, banDuration }: ProjectUserBanVariables) {
  return call(projectAuthRoutes.updateProjectUser, { params: { ref: projectRef, id }, body: { ban_duration: banDuration } })
}
export type ProjectUserBanData = Awaited<ReturnType<typeof banProjectUser>>

export function useProjectUserBanMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectUserBanData, ProjectUserBanVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: banProjectUser,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: projectAuthKeys.users(args[1].projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to change the user's ban: ${args[0].message}`)
    },
    ...options,
  })
}
