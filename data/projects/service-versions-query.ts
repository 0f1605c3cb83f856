import { useQuery } from '@tanstack/react-query'
import { projectRoutes } from '@/lib/api-types/browser/projects.routes'
import { serviceVersionRoutes } from '@/lib/api-types/browser/service-versions.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectKeys } from './keys'

export type ServiceVersionsVariables = { ref: string }

/** The versions a project runs: Postgres, PostgREST, the auth service, the platform (SPEC §7). */
export async function getServiceVersions({ ref }: ServiceVersionsVariables, signal?: AbortSignal) {
  return call(serviceVersionRoutes.getServiceVersions, { params: { ref } }, { signal })
}
export type ServiceVersionsData = Awaited<ReturnType<typeof getServiceVersions>>

export function useServiceVersionsQuery({ ref }: Partial<ServiceVersionsVariables>, { enabled = true, ...options }: QueryOptions<ServiceVersionsData> = {}) {
  return useQuery({
    queryKey: projectKeys.serviceVersions(ref),
    queryFn: ({ signal }) => getServiceVersions({ ref: ref! }, signal),
    enabled: enabled !== false && ref !== undefined,
    ...options,
  })
}

/** A Free project's last activity and when the inactivity rule would pause it (SPEC §7 pause status). */
export async function getPauseStatus({ ref }: ServiceVersionsVariables, signal?: AbortSignal) {
  return call(projectRoutes.getPauseStatus, { params: { ref } }, { signal })
}
export type PauseStatusData = Awaited<ReturnType<typeof getPauseStatus>>

export function usePauseStatusQuery({ ref }: Partial<ServiceVersionsVariables>, { enabled = true, ...options }: QueryOptions<PauseStatusData> = {}) {
  return useQuery({
    queryKey: projectKeys.pauseStatus(ref),
    queryFn: ({ signal }) => getPauseStatus({ ref: ref! }, signal),
    enabled: enabled !== false && ref !== undefined,
    ...options,
  })
}
