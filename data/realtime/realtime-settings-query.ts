import { useQuery } from '@tanstack/react-query'
import { realtimeRoutes } from '@/lib/api-types/browser/realtime.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { realtimeKeys } from './keys'

/** The project's realtime limits in force, its sockets now, and whether its server streams database changes. */
export async function getRealtimeSettings({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(realtimeRoutes.getRealtimeSettings, { params: { ref: projectRef } }, { signal })
}
export type RealtimeSettingsData = Awaited<ReturnType<typeof getRealtimeSettings>>

export function useRealtimeSettingsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<RealtimeSettingsData> = {}) {
  return useQuery({
    queryKey: realtimeKeys.settings(projectRef),
    queryFn: ({ signal }) => getRealtimeSettings({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
