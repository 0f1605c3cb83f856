import { useMutation } from '@tanstack/react-query'
import { toast } from 'sonner'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

export type QueryCancelVariables = { projectRef: string; queryId: string }

/**
 * Cancels a run started with the same `queryId` (see runSql). Answers `{ cancelled: true }` when
 * the run was stopped (its own request then fails with pg.code 57014), `{ cancelled: false }` when
 * it had already ended, was never started, or was started by another member (only they, or an
 * Owner or Admin, may cancel it). Safe to call more than once.
 */
export async function cancelQuery({ projectRef, queryId }: QueryCancelVariables) {
  return call(sqlRoutes.cancelQuery, { params: { ref: projectRef, query_id: queryId } })
}
export type QueryCancelData = Awaited<ReturnType<typeof cancelQuery>>

/**
 * Nothing to invalidate: the cancelled run's own request settles with its error. A failed cancel
 * shows one toast unless the caller handles it.
 */
export function useQueryCancelMutation({ onError, ...options }: MutationOptions<QueryCancelData, QueryCancelVariables> = {}) {
  return useMutation({
    mutationFn: cancelQuery,
    onError(...args) {
      if (onError) return onError(...args)
      toast.error(`Failed to cancel the query: ${args[0].message}`)
    },
    ...options,
  })
}
