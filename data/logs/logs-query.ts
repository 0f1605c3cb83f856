import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { logRoutes } from '@/lib/api-types/browser/logs.routes'
import type { LogLevel } from '@/lib/api-types'
import type { LogSourceName } from '@/lib/logs/sources'
import { call } from '../fetchers'
import { logKeys } from './keys'

export type LogsVariables = {
  projectRef: string
  source: LogSourceName
  start: string
  end: string
  level?: LogLevel
  search?: string
}

export const LOGS_PAGE_SIZE = 100

/** One page of a project's log, newest first, with the range's histogram. */
export async function getLogs({ projectRef, ...query }: LogsVariables, before?: string, signal?: AbortSignal) {
  return call(logRoutes.readLogs, { params: { ref: projectRef }, query: { ...query, limit: LOGS_PAGE_SIZE, before } }, { signal })
}
export type LogsData = Awaited<ReturnType<typeof getLogs>>

/** Pages of a project's log; `fetchNextPage` reads older events. The previous range stays shown while a new one loads. */
export function useLogsQuery(variables: Partial<LogsVariables>, { enabled = true, refetchInterval }: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  const { projectRef, source, start, end, level, search } = variables
  return useInfiniteQuery({
    queryKey: logKeys.list(projectRef, { source: source ?? '', start: start ?? '', end: end ?? '', level, search }),
    queryFn: ({ pageParam, signal }) => getLogs({ projectRef: projectRef!, source: source!, start: start!, end: end!, level, search }, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Never fetch with a missing variable.
    enabled: enabled && projectRef !== undefined && source !== undefined && start !== undefined && end !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval,
  })
}
