import { useQuery } from '@tanstack/react-query'
import { serviceVersionRoutes } from '@/lib/api-types/browser/service-versions.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { projectKeys } from './keys'

export type ProjectUpgradeVariables = { ref: string }

/** Whether a minor upgrade is offered (extensions behind the server's versions), and what the last one did. */
export async function getUpgradeStatus({ ref }: ProjectUpgradeVariables, signal?: AbortSignal) {
  return call(serviceVersionRoutes.getUpgradeStatus, { params: { ref } }, { signal })
}
export type UpgradeStatusData = Awaited<ReturnType<typeof getUpgradeStatus>>

export function useUpgradeStatusQuery({ ref }: Partial<ProjectUpgradeVariables>, { enabled = true, ...options }: QueryOptions<UpgradeStatusData> = {}) {
  return useQuery({
    queryKey: projectKeys.upgradeStatus(ref),
    queryFn: ({ signal }) => getUpgradeStatus({ ref: ref! }, signal),
    enabled: enabled !== false && ref !== undefined,
    ...options,
  })
}
