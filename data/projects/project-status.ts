import type { QueryClient } from '@tanstack/react-query'
import type { Project, ProjectDetail, ProjectStatus } from '@/lib/api-types'
import { projectKeys } from './keys'

/** Overwrites a project's status in the list and (unless told not to) detail caches, without a refetch (SPEC §4). */
export function setProjectStatus(queryClient: QueryClient, ref: string, status: ProjectStatus, { detail = true }: { detail?: boolean } = {}) {
  queryClient.setQueryData<Project[]>(projectKeys.list(), (list) =>
    list?.some((p) => p.ref === ref && p.status !== status) ? list.map((p) => (p.ref === ref ? { ...p, status } : p)) : list
  )
  if (detail) queryClient.setQueryData<ProjectDetail>(projectKeys.detail(ref), (current) => (current ? { ...current, status } : current))
}
