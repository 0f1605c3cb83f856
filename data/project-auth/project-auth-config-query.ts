import { useQuery } from '@tanstack/react-query'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectAuthKeys } from './keys'

/** The project's auth settings (Authentication → Providers); every member may read them. */
export async function getProjectAuthConfig({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(projectAuthRoutes.getProjectAuthConfig, { params: { ref: projectRef } }, { signal })
}
export type ProjectAuthConfigData = Awaited<ReturnType<typeof getProjectAuthConfig>>

export function useProjectAuthConfigQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<ProjectAuthConfigData> = {}) {
  return useQuery({
    queryKey: projectAuthKeys.config(projectRef),
    queryFn: ({ signal }) => getProjectAuthConfig({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
