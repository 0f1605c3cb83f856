import { useQuery } from '@tanstack/react-query'
import { isTransitionalStatus } from '@/lib/api-types/project-status'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectKeys } from './keys'
import { PROJECT_POLL_INTERVAL } from './project-detail-query'

export type BranchesVariables = { ref: string }

export async function getBranches({ ref }: BranchesVariables, signal?: AbortSignal) {
  return call(projectRoutes.listBranches, { params: { ref } }, { signal })
}
export type BranchesData = Awaited<ReturnType<typeof getBranches>>

/** A project's preview branches; polled while one of them is being set up or removed. */
export function useBranchesQuery({ ref }: Partial<BranchesVariables>, { enabled = true, ...options }: QueryOptions<BranchesData> = {}) {
  return useQuery({
    queryKey: projectKeys.branches(ref),
    queryFn: ({ signal }) => getBranches({ ref: ref! }, signal),
    enabled: enabled !== false && ref !== undefined,
    refetchInterval: (query) => (query.state.data?.some((b) => isTransitionalStatus(b.status)) ? PROJECT_POLL_INTERVAL : false),
    ...options,
  })
}
