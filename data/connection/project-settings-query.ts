import { useQuery } from '@tanstack/react-query'
import { connectionRoutes } from '@/lib/api-types/browser/connection.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { connectionKeys } from './keys'

/** Where to connect to the project's database (the password left out). */
export async function getProjectSettings({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(connectionRoutes.getProjectSettings, { params: { ref: projectRef } }, { signal })
}
export type ProjectSettingsData = Awaited<ReturnType<typeof getProjectSettings>>

export function useProjectSettingsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<ProjectSettingsData> = {}) {
  return useQuery({
    queryKey: connectionKeys.settings(projectRef),
    queryFn: ({ signal }) => getProjectSettings({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
