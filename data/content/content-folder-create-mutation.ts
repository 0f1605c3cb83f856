import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { contentKeys } from './keys'

export type ContentFolderCreateVariables = { ref: string; name: string }

/** A new folder of the caller's; 409 when they have one of that name (regardless of case). */
export async function createContentFolder({ ref, name }: ContentFolderCreateVariables) {
  return call(contentRoutes.createContentFolder, { params: { ref }, body: { name } })
}
export type ContentFolderCreateData = Awaited<ReturnType<typeof createContentFolder>>

export function useContentFolderCreateMutation({ onSuccess, onError, ...options }: MutationOptions<ContentFolderCreateData, ContentFolderCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createContentFolder,
    async onSuccess(...args) {
      await queryClient.invalidateQueries({ queryKey: contentKeys.folders(args[1].ref) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to create the folder: ${args[0].message}`)
    },
    ...options,
  })
}
