import { useMutation, useQueryClient } from '@tanstack/react-query'
import { routes, type RunQueryAllResults } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { queryHistoryKeys } from '../content/keys'

export type RunSqlVariables = {
  projectRef: string
  sql: string
  /**
   * Names the run (a fresh uuid, e.g. crypto.randomUUID()) so that `cancelQuery` can stop it
   * while it runs. Optional: an unnamed run cannot be cancelled, only abandoned.
   */
  queryId?: string
}

/**
 * Runs `sql` in the project's database and answers one result per statement. A Postgres error
 * throws a ResponseError whose `pg` holds `code`, `position` (1-based, in characters of `sql`),
 * `detail` and `hint`. A run stopped by `cancelQuery` throws one with `pg.code` '57014'
 * ('canceling statement due to user request'); a `queryId` still running answers 409.
 */
export async function runSql({ projectRef, sql, queryId }: RunSqlVariables, signal?: AbortSignal): Promise<RunQueryAllResults> {
  const query = queryId ? { results: 'all' as const, query_id: queryId } : { results: 'all' as const }
  const answer = await call(routes.runQuery, { params: { ref: projectRef }, query, body: { query: sql } }, { signal })
  // With results=all the platform answers every statement's results, never the bare rows.
  if (Array.isArray(answer)) throw new Error('The platform answered bare rows to a results=all query')
  return answer
}
export type RunSqlData = Awaited<ReturnType<typeof runSql>>

/**
 * No toast on error: the SQL editor shows the error inline, next to the SQL that caused it.
 * Pass `signal` to be able to abort the request (the query may still finish on the server); pass
 * `queryId` and call `cancelQuery` to stop the query itself (it then fails with pg.code 57014).
 * The platform records every run, failed ones too: the project's query history is refetched
 * when one settles, wherever it was started.
 */
export function useSqlRunMutation({ onSettled, ...options }: MutationOptions<RunSqlData, RunSqlVariables & { signal?: AbortSignal }> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ signal, ...vars }: RunSqlVariables & { signal?: AbortSignal }) => runSql(vars, signal),
    ...options,
    async onSettled(...args) {
      void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(args[2].projectRef) })
      await onSettled?.(...args)
    },
  })
}
