import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'

export type ProjectRetryProvisioningVariables = { ref: string }

/** Starts a failed set-up (INIT_FAILED) again. */
export async function retryProjectProvisioning({ ref }: ProjectRetryProvisioningVariables) {
  return call(projectRoutes.retryProjectProvisioning, { params: { ref } })
}
export type ProjectRetryProvisioningData = Awaited<ReturnType<typeof retryProjectProvisioning>>

export function useProjectRetryProvisioningMutation({
  onSuccess,
  onError,
  ...options
}: MutationOptions<ProjectRetryProvisioningData, ProjectRetryProvisioningVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: retryProjectProvisioning,
    async onSuccess(...args) {
      const [project] = args
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to retry the set-up: ${args[0].message}`)
    },
    ...options,
  })
}
