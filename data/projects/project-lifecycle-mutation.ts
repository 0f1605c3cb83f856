import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import type { ProjectDetail, ProjectStatus } from '@/lib/api-types'
import { call, type ResponseError } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'
import { setProjectStatus } from './project-status'

export type ProjectLifecycleAction = 'pause' | 'restore' | 'restart' | 'delete'
export type ProjectLifecycleVariables = { ref: string; action: ProjectLifecycleAction }

/** The status a project is in while the action runs: shown at once, before the platform answers. */
const PENDING_STATUS: Record<ProjectLifecycleAction, ProjectStatus> = {
  pause: 'PAUSING',
  restore: 'RESTORING',
  restart: 'RESTARTING',
  delete: 'GOING_DOWN',
}

const VERBS: Record<ProjectLifecycleAction, string> = { pause: 'pause', restore: 'restore', restart: 'restart', delete: 'delete' }

/** Starts pausing, restoring, restarting or deleting a project; answers it in its transitional status. */
export async function runProjectLifecycle({ ref, action }: ProjectLifecycleVariables): Promise<ProjectDetail> {
  const params = { params: { ref } }
  switch (action) {
    case 'pause':
      return call(projectRoutes.pauseProject, params)
    case 'restore':
      return call(projectRoutes.restoreProject, params)
    case 'restart':
      return call(projectRoutes.restartProject, params)
    case 'delete':
      return call(projectRoutes.deleteProject, params)
  }
}

type Context = { previous: ProjectStatus | undefined }

/**
 * The status is overwritten in the list and detail caches when the action starts (SPEC §4) and
 * put back if the platform refuses; the detail is then polled while transitional, which
 * reconciles it with the platform.
 */
export function useProjectLifecycleMutation({
  onSuccess,
  onError,
  ...options
}: Omit<MutationOptions<ProjectDetail, ProjectLifecycleVariables>, 'onMutate'> = {}) {
  const queryClient = useQueryClient()
  return useMutation<ProjectDetail, ResponseError, ProjectLifecycleVariables, Context>({
    mutationFn: runProjectLifecycle,
    onMutate: async ({ ref, action }) => {
      await queryClient.cancelQueries({ queryKey: projectKeys.detail(ref) })
      const previous = queryClient.getQueryData<ProjectDetail>(projectKeys.detail(ref))?.status
      setProjectStatus(queryClient, ref, PENDING_STATUS[action])
      return { previous }
    },
    ...options,
    async onSuccess(project, variables, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      await onSuccess?.(project, variables, ...rest)
    },
    onError(error, variables, context, ...rest) {
      if (context?.previous) setProjectStatus(queryClient, variables.ref, context.previous)
      if (onError) return onError(error, variables, context, ...rest)
      toast.error(`Failed to ${VERBS[variables.action]} the project: ${error.message}`)
    },
  })
}
