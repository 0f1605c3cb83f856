import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { getContent } from '@/data/content/content-query'
import { useContentDeleteMutation } from '@/data/content/content-delete-mutation'
import { useContentFavoriteMutation } from '@/data/content/content-favorite-mutation'
import { useContentUpsertMutation } from '@/data/content/content-upsert-mutation'
import { contentKeys } from '@/data/content/keys'
import type { ContentVisibility } from '@/lib/api-types'

export type SnippetChange = { name?: string; visibility?: ContentVisibility; folder_id?: string | null }

/**
 * What the sidebar does to a snippet. A rename, a move or a change of visibility is a save of the
 * whole snippet (the list has only a preview of the SQL), so it reads the snippet first and saves
 * it back based on the version it just read: a change made meanwhile is never overwritten.
 */
export function useSnippetActions(projectRef: string) {
  const queryClient = useQueryClient()
  const upsert = useContentUpsertMutation({ onError: () => undefined })
  const favorite = useContentFavoriteMutation()
  const remove = useContentDeleteMutation()

  const update = async (id: string, change: SnippetChange) => {
    try {
      const current = await queryClient.fetchQuery({
        queryKey: contentKeys.detail(projectRef, id),
        queryFn: ({ signal }) => getContent({ ref: projectRef, id }, signal),
        staleTime: 0,
      })
      await upsert.mutateAsync({
        ref: projectRef,
        id,
        name: change.name ?? current.name,
        type: 'sql',
        visibility: change.visibility ?? current.visibility,
        folder_id: change.folder_id === undefined ? undefined : change.folder_id,
        content: { sql: current.content.sql },
        base_version: current.version,
      })
      return true
    } catch (error) {
      toast.error(`Failed to update the snippet: ${error instanceof Error ? error.message : String(error)}`)
      return false
    }
  }

  return {
    update,
    isUpdating: upsert.isPending,
    setFavorite: (id: string, value: boolean) => favorite.mutate({ ref: projectRef, id, favorite: value }),
    remove: (id: string) => remove.mutateAsync({ ref: projectRef, ids: [id] }),
    isRemoving: remove.isPending,
  }
}
