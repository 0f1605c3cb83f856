import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentFolderDeleteVariables = { ref: string; ids: string[] }

/** Deletes folders of the caller's; their snippets move to no folder (and get a new version). */
export async function deleteContentFolders({ ref, ids }: ContentFolderDeleteVariables) {
  return call(contentRoutes.deleteContentFolders, { params: { ref }, query: { ids: ids.join(',') } })
}
export type ContentFolderDeleteData = Awaited<ReturnType<typeof deleteContentFolders>>

export function useContentFolderDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<ContentFolderDeleteData, ContentFolderDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteContentFolders,
    async onSuccess(...args) {
      // Folders, lists and the moved snippets' details all changed.
      await queryClient.invalidateQueries({ queryKey: contentKeys.all(args[1].ref) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete the folder: ${args[0].message}`)
    },
    ...options,
  })
}
