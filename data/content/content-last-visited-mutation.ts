import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import type { ContentListData } from './content-list-query'
import { contentKeys } from './keys'

export type ContentLastVisitedVariables = { ref: string; id: string }

/** Records the snippet just opened as the caller's last visited one in the project (SPEC §2). */
export async function recordLastVisitedContent({ ref, id }: ContentLastVisitedVariables) {
  return call(contentRoutes.recordLastVisitedContent, { params: { ref }, body: { id } })
}
export type ContentLastVisitedData = Awaited<ReturnType<typeof recordLastVisitedContent>>

/**
 * Writes the answer into the cached lists instead of refetching them (every opening records one).
 * No toast on error: a visit that was not recorded is nothing the user has to act on.
 */
export function useContentLastVisitedMutation({ onSuccess, ...options }: MutationOptions<ContentLastVisitedData, ContentLastVisitedVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: recordLastVisitedContent,
    async onSuccess(...args) {
      const [{ id }, { ref }] = args
      queryClient.setQueriesData<InfiniteData<ContentListData>>({ queryKey: contentKeys.lists(ref) }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, last_visited_id: id })) } : data
      )
      await onSuccess?.(...args)
    },
    ...options,
  })
}
