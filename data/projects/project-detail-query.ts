import { useQuery } from '@tanstack/react-query'
import type { ProjectDetail, ProjectStatus } from '@/lib/api-types'
import { get } from '../fetchers'
import { PROJECT_DETAIL_STALE_TIME } from '../query-client'
import { projectKeys } from './keys'

export const PROJECT_POLL_INTERVAL = 5_000

/** Statuses that will change on their own soon: the detail is re-polled while in them. */
export const isTransientStatus = (status: ProjectStatus | undefined) => status === 'COMING_UP' || status === 'UNKNOWN'

export const getProjectDetail = ({ ref }: { ref: string }, signal?: AbortSignal) =>
  get<ProjectDetail>(`/platform/projects/${encodeURIComponent(ref)}`, { signal })

export function useProjectDetailQuery({ ref }: { ref?: string }, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.detail(ref),
    queryFn: ({ signal }) => getProjectDetail({ ref: ref! }, signal),
    enabled: enabled && ref !== undefined,
    staleTime: PROJECT_DETAIL_STALE_TIME,
    refetchInterval: (query) => (isTransientStatus(query.state.data?.status) ? PROJECT_POLL_INTERVAL : false),
  })
}
