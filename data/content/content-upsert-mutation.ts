import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { contentRoutes } from '@/lib/api-types/browser/content.routes'
import type { Content, UpsertContentBody } from '@/lib/api-types'
import { call, isResponseError, ResponseError } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { getContent } from './content-query'
import { contentKeys } from './keys'

/**
 * The snippet was saved by someone else (another tab, another member) since the version the
 * change was based on. `current` is the snippet as it is now: keep it, or save the change again
 * with `base_version: current.version`.
 */
export class ContentConflictError extends ResponseError {
  constructor(
    error: ResponseError,
    public readonly current: Content
  ) {
    super(error.message, error.code, { requestId: error.requestId, description: error.description })
    this.name = 'ContentConflictError'
  }
}

export const isContentConflict = (error: unknown): error is ContentConflictError => error instanceof ContentConflictError

export type ContentUpsertVariables = { ref: string } & UpsertContentBody

/**
 * Creates the snippet (a new client-made id, no `base_version`) or updates it (`base_version`: the
 * version it was read at). Answers the snippet as saved, with its new version. A stale
 * `base_version` throws ContentConflictError with the snippet as it is now.
 */
export async function upsertContent({ ref, ...body }: ContentUpsertVariables): Promise<Content> {
  try {
    return await call(contentRoutes.upsertContent, { params: { ref }, body })
  } catch (error) {
    if (isResponseError(error) && error.code === 409) {
      const current = await getContent({ ref, id: body.id }).catch(() => undefined)
      if (current) throw new ContentConflictError(error, current)
    }
    throw error
  }
}
export type ContentUpsertData = Awaited<ReturnType<typeof upsertContent>>

export function useContentUpsertMutation({ onSuccess, onError, ...options }: MutationOptions<ContentUpsertData, ContentUpsertVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: upsertContent,
    async onSuccess(...args) {
      const [saved, { ref }] = args
      queryClient.setQueryData(contentKeys.detail(ref, saved.id), saved)
      await queryClient.invalidateQueries({ queryKey: contentKeys.lists(ref) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to save the snippet: ${args[0].message}`)
    },
    ...options,
  })
}
