import { useInfiniteQuery } from '@tanstack/react-query'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { InfiniteQueryOptions } from './infinite-options'
import { contentKeys, type ContentListFilters } from './keys'

export type ContentListVariables = { ref: string; cursor?: string } & ContentListFilters

/**
 * One page of the caller's snippets in a project: their own and those shared with the project.
 * Items carry a preview of the SQL, not the SQL: open one with `getContent` before editing it.
 */
export async function getContentList({ ref, cursor, favorite, ...filters }: ContentListVariables, signal?: AbortSignal) {
  const query = { type: 'sql' as const, ...filters, cursor, favorite: favorite === undefined ? undefined : favorite ? ('true' as const) : ('false' as const) }
  return call(contentRoutes.listContent, { params: { ref }, query }, { signal })
}
export type ContentListData = Awaited<ReturnType<typeof getContentList>>

/** Every page so far (`fetchNextPage` for more); `pages[0].last_visited_id` is the snippet last opened. */
export function useContentListQuery(
  { ref, ...filters }: { ref?: string } & ContentListFilters,
  { enabled = true, ...options }: InfiniteQueryOptions<ContentListData> = {}
) {
  return useInfiniteQuery({
    queryKey: contentKeys.list(ref, filters),
    queryFn: ({ pageParam, signal }) => getContentList({ ref: ref!, ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor ?? undefined,
    enabled: enabled !== false && ref !== undefined,
    ...options,
  })
}
