import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { transferRoutes } from '@/lib/api-types/browser/transfer.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'

export type ProjectTransferVariables = { ref: string; targetSlug: string }

export async function transferProject({ ref, targetSlug }: ProjectTransferVariables) {
  return call(transferRoutes.transferProject, { params: { ref }, body: { target_organization_slug: targetSlug } })
}
export type ProjectTransferData = Awaited<ReturnType<typeof transferProject>>

/** Moves the project (and its branches) to another organization; every cached project is read again. */
export function useProjectTransferMutation({ onSuccess, onError, ...options }: MutationOptions<ProjectTransferData, ProjectTransferVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: transferProject,
    async onSuccess(...args) {
      const [answer] = args
      queryClient.setQueryData(projectKeys.detail(answer.project.ref), answer.project)
      // The list, the project and its branches all name their organization.
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to transfer the project: ${args[0].message}`)
    },
    ...options,
  })
}
