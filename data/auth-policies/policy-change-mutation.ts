import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { queryHistoryKeys } from '../content/keys'
import { databaseKeys } from '../database/keys'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

export type PolicyChangeVariables = {
  projectRef: string
  /** The statement the user was shown and confirmed (CREATE / ALTER / DROP POLICY, RLS on or off). */
  sql: string
}

/**
 * Runs a change the Policies page showed first, through the SQL endpoint as the caller's role: it
 * is the user's own change and is kept in their query history. Postgres' refusal comes back as the
 * ResponseError's message; a change of several statements is one transaction.
 */
export async function runPolicyChange({ projectRef, sql }: PolicyChangeVariables) {
  return call(sqlRoutes.runQuery, { params: { ref: projectRef }, body: { query: sql } })
}

/**
 * No toast on error: the review dialog keeps Postgres' message beside the SQL. Settled, every read
 * of the project's database is read again (the table editor and the database pages, below the
 * same root, show policies and RLS too), even after a failure: someone else may have changed the table meanwhile.
 */
export function usePolicyChangeMutation({ onSettled, ...options }: MutationOptions<unknown, PolicyChangeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runPolicyChange,
    ...options,
    async onSettled(...args) {
      const { projectRef } = args[2]
      void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(projectRef) })
      await queryClient.invalidateQueries({ queryKey: databaseKeys.all(projectRef) })
      await onSettled?.(...args)
    },
  })
}
