import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentDeleteVariables = { ref: string; ids: string[] }

/**
 * Deletes the snippets the caller may delete; answers the ids deleted (ids already gone are left
 * out). One the caller may not delete refuses the whole request (403), and nothing is deleted.
 */
export async function deleteContent({ ref, ids }: ContentDeleteVariables) {
  return call(contentRoutes.deleteContent, { params: { ref }, query: { ids: ids.join(',') } })
}
export type ContentDeleteData = Awaited<ReturnType<typeof deleteContent>>

export function useContentDeleteMutation({ onSuccess, onError, ...options }: MutationOptions<ContentDeleteData, ContentDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteContent,
    async onSuccess(...args) {
      const [{ deleted }, { ref }] = args
      for (const id of deleted) queryClient.removeQueries({ queryKey: contentKeys.detail(ref, id) })
      await queryClient.invalidateQueries({ queryKey: contentKeys.lists(ref) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to delete: ${args[0].message}`)
    },
    ...options,
  })
}
