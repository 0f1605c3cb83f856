import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { computeRoutes } from '@/lib/api-types/browser/compute.routes'
import type { ProjectCompute } from '@/lib/api-types'
import type { ComputeSizeId } from '@/lib/compute-sizes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from '../projects/keys'
import { setProjectStatus } from '../projects/project-status'
import { computeKeys } from './keys'

export type ProjectResizeVariables = { projectRef: string; size: ComputeSizeId }

/** Moves the project to another compute size; it is RESIZING until the platform has applied it. */
export async function resizeProject({ projectRef, size }: ProjectResizeVariables) {
  return call(computeRoutes.resizeProject, { params: { ref: projectRef }, body: { size } })
}

/**
 * On success the project is RESIZING in the caches at once (the project pages show the status
 * screen and poll the detail until it ends), and the compute answer is kept.
 */
export function useProjectResizeMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectCompute, ProjectResizeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: resizeProject,
    async onSuccess(...args) {
      const [compute, { projectRef }] = args
      queryClient.setQueryData(computeKeys.detail(projectRef), compute)
      setProjectStatus(queryClient, projectRef, 'RESIZING')
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to change the compute size: ${args[0].message}`)
    },
    ...options,
  })
}
