import { useQuery } from '@tanstack/react-query'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentVariables = { ref: string; id: string }

/** One snippet, whole, with the `version` a save of it must name as `base_version`. */
export async function getContent({ ref, id }: ContentVariables, signal?: AbortSignal) {
  return call(contentRoutes.getContent, { params: { ref, id } }, { signal })
}
export type ContentData = Awaited<ReturnType<typeof getContent>>

export function useContentQuery({ ref, id }: Partial<ContentVariables>, { enabled = true, ...options }: QueryOptions<ContentData> = {}) {
  return useQuery({
    queryKey: contentKeys.detail(ref, id),
    queryFn: ({ signal }) => getContent({ ref: ref!, id: id! }, signal),
    enabled: enabled !== false && ref !== undefined && id !== undefined,
    ...options,
  })
}
