import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import type { CreateProjectBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'

export async function createProject(body: CreateProjectBody) {
  return call(projectRoutes.createProject, { body })
}
export type ProjectCreateData = Awaited<ReturnType<typeof createProject>>

export function useProjectCreateMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectCreateData, CreateProjectBody> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProject,
    async onSuccess(...args) {
      const [project] = args
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create project: ${args[0].message}`)
    },
    ...options,
  })
}
