import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import type { ProjectAuthConfigPatch } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import type { ProjectAuthConfigData } from './project-auth-config-query'
import { projectAuthKeys } from './keys'

export type ProjectAuthConfigUpdateVariables = { projectRef: string } & ProjectAuthConfigPatch

/** Changes some of the project's auth settings; answers all of them as saved. */
export async function updateProjectAuthConfig({ projectRef, ...body }: ProjectAuthConfigUpdateVariables) {
  return call(projectAuthRoutes.updateProjectAuthConfig, { params: { ref: projectRef }, body })
}

export function useProjectAuthConfigUpdateMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<ProjectAuthConfigData, ProjectAuthConfigUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProjectAuthConfig,
    async onSuccess(...args) {
      // The answer is the whole saved settings: no need to ask again.
      queryClient.setQueryData(projectAuthKeys.config(args[1].projectRef), args[0])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to save the auth settings: ${args[0].message}`)
    },
    ...options,
  })
}
