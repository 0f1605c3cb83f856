import { useQuery } from '@tanstack/react-query'
import { computeRoutes } from '@/lib/api-types/browser/compute.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { computeKeys } from './keys'

export type ProjectComputeVariables = { projectRef: string }

/** The project's compute size, the size it is moving to while RESIZING, and the sizes its plan allows. */
export async function getProjectCompute({ projectRef }: ProjectComputeVariables, signal?: AbortSignal) {
  return call(computeRoutes.getProjectCompute, { params: { ref: projectRef } }, { signal })
}
export type ProjectComputeData = Awaited<ReturnType<typeof getProjectCompute>>

/**
 * Always fetched afresh when the page opens (staleTime 0): the page is replaced by the RESIZING
 * status screen while a resize runs, and must show the new size when it comes back.
 */
export function useProjectComputeQuery({ projectRef }: Partial<ProjectComputeVariables>, { enabled = true, ...options }: QueryOptions<ProjectComputeData> = {}) {
  return useQuery({
    queryKey: computeKeys.detail(projectRef),
    queryFn: ({ signal }) => getProjectCompute({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'RESIZING' ? 5_000 : false),
    ...options,
  })
}
