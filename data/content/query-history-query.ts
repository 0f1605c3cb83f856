import { useInfiniteQuery } from '@tanstack/react-query'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { InfiniteQueryOptions } from './infinite-options'
import { queryHistoryKeys, type QueryHistoryFilters } from './keys'

export type QueryHistoryVariables = { ref: string; cursor?: string } & QueryHistoryFilters

/** One page of the caller's SQL runs in the project, newest first. */
export async function getQueryHistory({ ref, ...query }: QueryHistoryVariables, signal?: AbortSignal) {
  return call(contentRoutes.listQueryHistory, { params: { ref }, query }, { signal })
}
export type QueryHistoryData = Awaited<ReturnType<typeof getQueryHistory>>

export function useQueryHistoryQuery(
  { ref, ...filters }: { ref?: string } & QueryHistoryFilters,
  { enabled = true, ...options }: InfiniteQueryOptions<QueryHistoryData> = {}
) {
  return useInfiniteQuery({
    queryKey: queryHistoryKeys.list(ref, filters),
    queryFn: ({ pageParam, signal }) => getQueryHistory({ ref: ref!, ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
    enabled: enabled !== false && ref !== undefined,
    ...options,
  })
}
