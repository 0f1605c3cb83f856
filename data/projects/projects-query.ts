import { useQuery } from '@tanstack/react-query'
import type { Project } from '@/lib/api-types'
import { get } from '../fetchers'
import { projectKeys } from './keys'

export const getProjects = (signal?: AbortSignal) => get<Project[]>('/platform/projects', { signal })

export function useProjectsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: projectKeys.list(), queryFn: ({ signal }) => getProjects(signal), enabled })
}
