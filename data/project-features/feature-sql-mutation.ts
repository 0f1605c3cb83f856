import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { queryHistoryKeys } from '../content/keys'
import { projectFeatureKeys } from './keys'

export type FeatureSqlVariables = {
  projectRef: string
  /** The statement the user was shown and confirmed. */
  sql: string
  /**
   * Kept out of the query history: for a statement holding a secret (the vault's), whose shown
   * text is masked. Everything else is the user's own change and is kept there.
   */
  skipHistory?: boolean
}

/** Runs a change the page showed first, through the SQL endpoint (the caller's role applies). */
export async function runFeatureSql({ projectRef, sql, skipHistory }: FeatureSqlVariables) {
  return call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: skipHistory ? { history: 'skip' } : {}, body: { query: sql } })
}

/**
 * No toast on error: the confirm dialog keeps Postgres' message beside the SQL. On success every
 * feature listing of the project (and its capabilities) is read again.
 */
export function useFeatureSqlMutation({ onSuccess, ...options }: MutationOptions<unknown, FeatureSqlVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runFeatureSql,
    ...options,
    async onSuccess(...args) {
      const { projectRef } = args[1]
      void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(projectRef) })
      await queryClient.invalidateQueries({ queryKey: projectFeatureKeys.all(projectRef) })
      await onSuccess?.(...args)
    },
  })
}
