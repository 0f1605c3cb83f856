import type { QueryClient } from '@tanstack/react-query'
import type { Project, ProjectDetail, ProjectStatus } from '@/lib/api-types'
import { projectKeys } from './keys'

/** Overwrites a project's status in the list and detail caches (SPEC §4), without a refetch. */
export function setProjectStatus(queryClient: QueryClient, ref: string, status: ProjectStatus) {
  queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => list?.map((p) => (p.ref === ref ? { ...p, status } : p)))
  queryClient.setQueryData<ProjectDetail>(projectKeys.detail(ref), (detail) => (detail ? { ...detail, status } : detail))
}
