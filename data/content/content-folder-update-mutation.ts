import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentFolderUpdateVariables = { ref: string; id: string; name: string }

export async function renameContentFolder({ ref, id, name }: ContentFolderUpdateVariables) {
  return call(contentRoutes.updateContentFolder, { params: { ref }, body: { id, name } })
}
export type ContentFolderUpdateData = Awaited<ReturnType<typeof renameContentFolder>>

export function useContentFolderUpdateMutation({ onSuccess, onError, ...options }: MutationOptions<ContentFolderUpdateData, ContentFolderUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: renameContentFolder,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: contentKeys.folders(args[1].ref) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to rename the folder: ${args[0].message}`)
    },
    ...options,
  })
}
