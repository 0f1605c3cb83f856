import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { publicationChangeSql, publicationChangeSummary, type PublicationChange } from '@/lib/sql/publications'
import { queryHistoryKeys } from '../content/keys'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { databaseKeys } from './keys'

export type PublicationChangeVariables = { projectRef: string; change: PublicationChange }

/**
 * Runs one change of the Publications page (the statement its dialog showed, made by the same
 * function) through the SQL endpoint as the caller's role: it is the user's own change and is kept
 * in their query history. Postgres' refusal comes back as the ResponseError's message.
 */
export async function changePublication({ projectRef, change }: PublicationChangeVariables) {
  return call(sqlRoutes.runQuery, { params: { ref: projectRef }, body: { query: publicationChangeSql(change) } })
}

/** On success the publications are read again; on error one toast, as the extensions page has it. */
export function usePublicationChangeMutation({ onSuccess, onError, ...options }: MutationOptions<unknown, PublicationChangeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePublication,
    async onSuccess(...args) {
      const { projectRef } = args[1]
      void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(projectRef) })
      await queryClient.invalidateQueries({ queryKey: databaseKeys.publications(projectRef) })
      await onSuccess?.(...args)
    },
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to ${publicationChangeSummary(args[1].change)}: ${args[0].message}`)
    },
    ...options,
  })
}
