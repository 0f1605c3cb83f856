import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { projectAuthRoutes } from '@/lib/api-types/browser/project-auth.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectAuthKeys, type ProjectUsersListVars } from './keys'

/**
 * One page of the project's own users, newest first, with the total that matches `keywords`
 * (part of an email, a phone or an id). 403 for roles without auth:users:read.
 */
export async function getProjectUsers({ projectRef, page, perPage, keywords }: { projectRef: string } & ProjectUsersListVars, signal?: AbortSignal) {
  return call(
    projectAuthRoutes.listProjectUsers,
    { params: { ref: projectRef }, query: { page, per_page: perPage, keywords: keywords.trim() || undefined } },
    { signal }
  )
}
export type ProjectUsersData = Awaited<ReturnType<typeof getProjectUsers>>

export function useProjectUsersQuery(
  { projectRef, page, perPage, keywords }: { projectRef?: string } & ProjectUsersListVars,
  { enabled = true, ...options }: QueryOptions<ProjectUsersData> = {}
) {
  const vars = { page, perPage, keywords: keywords.trim() }
  return useQuery({
    queryKey: projectAuthKeys.usersList(projectRef, vars),
    queryFn: ({ signal }) => getProjectUsers({ projectRef: projectRef!, ...vars }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    // The page being left stays on screen until the next one arrives (no flash of a skeleton).
    placeholderData: keepPreviousData,
    ...options,
  })
}
