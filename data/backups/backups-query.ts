import { useQuery } from '@tanstack/react-query'
import { backupRoutes } from '@/lib/api-types/browser/backups.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { backupKeys } from './keys'

/** The project's backups, newest first, with the plan's retention and whether downloads work here. */
export async function getBackups({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(backupRoutes.listBackups, { params: { ref: projectRef } }, { signal })
}
export type BackupsData = Awaited<ReturnType<typeof getBackups>>

export function useBackupsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<BackupsData> = {}) {
  return useQuery({
    queryKey: backupKeys.list(projectRef),
    queryFn: ({ signal }) => getBackups({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    // A backup being made elsewhere (the daily one, another member's) shows up when done.
    refetchInterval: (q) => (q.state.data?.backups.some((b) => b.status === 'pending') ? 5_000 : false),
    ...options,
  })
}
