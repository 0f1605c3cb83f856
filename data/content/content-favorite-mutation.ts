import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentFavoriteVariables = { ref: string; id: string; favorite: boolean }

/** The caller's own star on a snippet they can see (no new version: nobody's save is refused for it). */
export async function setContentFavorite({ ref, id, favorite }: ContentFavoriteVariables) {
  return call(contentRoutes.setContentFavorite, { params: { ref, id }, body: { favorite } })
}
export type ContentFavoriteData = Awaited<ReturnType<typeof setContentFavorite>>

export function useContentFavoriteMutation({ onSuccess, onError, ...options }: MutationOptions<ContentFavoriteData, ContentFavoriteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: setContentFavorite,
    async onSuccess(...args) {
      const [snippet, { ref }] = args
      queryClient.setQueryData(contentKeys.detail(ref, snippet.id), snippet)
      await queryClient.invalidateQueries({ queryKey: contentKeys.lists(ref) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to update the favorite: ${args[0].message}`)
    },
    ...options,
  })
}
