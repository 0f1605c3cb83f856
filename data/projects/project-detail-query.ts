import { useQuery } from '@tanstack/react-query'
import { isTransitionalStatus } from '@/lib/api-types/project-status'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import type { ProjectStatus } from '@/lib/api-types'
import { call } from '../fetchers'
import { PROJECT_DETAIL_STALE_TIME } from '../query-client'
import type { QueryOptions } from '../query-options'
import { projectKeys } from './keys'
import { setProjectStatus } from './project-status'

export const PROJECT_POLL_INTERVAL = 5_000

/**
 * Statuses that will change on their own soon: the detail is re-polled while in them (SPEC §4
 * names COMING_UP and UNKNOWN; pausing, restoring, restarting and going down end by themselves too).
 */
export const isTransientStatus = (status: ProjectStatus | undefined) => isTransitionalStatus(status)

export type ProjectDetailVariables = { ref: string }

export async function getProjectDetail({ ref }: ProjectDetailVariables, signal?: AbortSignal) {
  return call(projectRoutes.getProject, { params: { ref } }, { signal })
}
export type ProjectDetailData = Awaited<ReturnType<typeof getProjectDetail>>

export function useProjectDetailQuery({ ref }: Partial<ProjectDetailVariables>, { enabled = true, ...options }: QueryOptions<ProjectDetailData> = {}) {
  return useQuery({
    queryKey: projectKeys.detail(ref),
    queryFn: async ({ signal, client }) => {
      const detail = await getProjectDetail({ ref: ref! }, signal)
      // The detail is what gets polled: the list's copy of the status follows it.
      setProjectStatus(client, detail.ref, detail.status, { detail: false })
      return detail
    },
    enabled: enabled !== false && ref !== undefined, // never fetch with a missing variable
    staleTime: PROJECT_DETAIL_STALE_TIME,
    refetchInterval: (query) => (isTransientStatus(query.state.data?.status) ? PROJECT_POLL_INTERVAL : false),
    ...options,
  })
}
