import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { serviceVersionRoutes } from '@/lib/api-types/browser/service-versions.routes'
import type { ProjectDetail } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'
import type { ProjectUpgradeVariables } from './project-upgrade-query'

/** Starts a minor upgrade: the platform answers the project, now UPGRADING. */
export async function upgradeProject({ ref }: ProjectUpgradeVariables) {
  return call(serviceVersionRoutes.upgradeProject, { params: { ref } })
}

/** The detail takes the answer (its status screen polls until the upgrade is done); the rest of the project is fetched again. */
export function useProjectUpgradeMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectDetail, ProjectUpgradeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: upgradeProject,
    async onSuccess(project, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true })
      await queryClient.invalidateQueries({ queryKey: projectKeys.upgradeStatus(project.ref) })
      await queryClient.invalidateQueries({ queryKey: projectKeys.serviceVersions(project.ref) })
      await onSuccess?.(project, ...rest)
    },
    async onError(...args) {
      // A refusal (another request's upgrade under way or just done) leaves the page showing a
      // state that is over: what the project is now is fetched again.
      const { ref } = args[1]
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.upgradeStatus(ref) }),
      ])
      if (onError) return onError(...args)
      toast.error(`Failed to upgrade the project: ${args[0].message}`)
    },
    ...options,
  })
}
