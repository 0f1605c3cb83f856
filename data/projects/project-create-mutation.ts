import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import type { CreateProjectBody, ProjectDetail } from '@/lib/api-types'
import { post } from '../fetchers'
import { projectKeys } from './keys'

export const createProject = (body: CreateProjectBody) => post<ProjectDetail>('/platform/projects', body)

export function useProjectCreateMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() })
    },
    onError: (error) => toast.error(`Failed to create project: ${error.message}`),
  })
}
