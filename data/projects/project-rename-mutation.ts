import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import type { ProjectDetail } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'

export type ProjectRenameVariables = { ref: string; name: string }

/** Renames a project (Project settings → General). */
export async function renameProject({ ref, name }: ProjectRenameVariables) {
  return call(projectRoutes.updateProject, { params: { ref }, body: { name } })
}

/** The detail takes the answer; the list (names in the switcher, breadcrumbs) is fetched again. */
export function useProjectRenameMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectDetail, ProjectRenameVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameProject,
    async onSuccess(project, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true })
      await onSuccess?.(project, ...rest)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to rename the project: ${args[0].message}`)
    },
    ...options,
  })
}
