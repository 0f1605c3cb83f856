import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import type { ProjectDetail } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'

export type ProjectAllowWritesVariables = { ref: string }

/** Lets a project in read-only mode take writes for a while, to free space (Owners and Admins). */
export async function allowProjectWrites({ ref }: ProjectAllowWritesVariables) {
  return call(projectRoutes.allowProjectWrites, { params: { ref } })
}

/** The detail takes the answer (`read_only_writable_until`). */
export function useProjectAllowWritesMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectDetail, ProjectAllowWritesVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: allowProjectWrites,
    async onSuccess(project, ...rest) {
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      await onSuccess?.(project, ...rest)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to allow writes: ${args[0].message}`)
    },
    ...options,
  })
}
