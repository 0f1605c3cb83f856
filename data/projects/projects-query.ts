import { useQuery } from '@tanstack/react-query'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectKeys } from './keys'

export async function getProjects(signal?: AbortSignal) {
  return call(projectRoutes.listProjects, {}, { signal })
}
export type ProjectsData = Awaited<ReturnType<typeof getProjects>>

export function useProjectsQuery(options: QueryOptions<ProjectsData> = {}) {
  return useQuery({ queryKey: projectKeys.list(), queryFn: ({ signal }) => getProjects(signal), ...options })
}
