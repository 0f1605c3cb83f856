import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import type { CreateBranchBody } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { projectKeys } from './keys'

export type BranchCreateVariables = { ref: string } & CreateBranchBody

export async function createBranch({ ref, ...body }: BranchCreateVariables) {
  return call(projectRoutes.createBranch, { params: { ref }, body })
}
export type BranchCreateData = Awaited<ReturnType<typeof createBranch>>

export function useBranchCreateMutation({ onSuccess, onError, ...options }: MutationOptions<BranchCreateData, BranchCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBranch,
    async onSuccess(...args) {
      const [branch, { ref }] = args
      queryClient.setQueryData(projectKeys.detail(branch.ref), branch)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.branches(ref) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(ref) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list(), exact: true }),
      ])
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create the branch: ${args[0].message}`)
    },
    ...options,
  })
}
