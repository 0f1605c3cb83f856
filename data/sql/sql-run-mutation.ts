import { useMutation } from '@tanstack/react-query'
import { routes, type RunQueryAllResults } from '@/lib/api-types'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'

export type RunSqlVariables = { projectRef: string; sql: string }

/**
 * Runs `sql` in the project's database and answers one result per statement. A Postgres error
 * throws a ResponseError whose `pg` holds `code`, `position` (1-based, in characters of `sql`),
 * `detail` and `hint`.
 */
export async function runSql({ projectRef, sql }: RunSqlVariables, signal?: AbortSignal): Promise<RunQueryAllResults> {
  const answer = await call(routes.runQuery, { params: { ref: projectRef }, query: { results: 'all' }, body: { query: sql } }, { signal })
  // With results=all the platform answers every statement's results, never the bare rows.
  if (Array.isArray(answer)) throw new Error('The platform answered bare rows to a results=all query')
  return answer
}
export type RunSqlData = Awaited<ReturnType<typeof runSql>>

/**
 * No toast on error: the SQL editor shows the error inline, next to the SQL that caused it.
 * Pass `signal` to be able to abort the request (the query may still finish on the server).
 */
export function useSqlRunMutation(options: MutationOptions<RunSqlData, RunSqlVariables & { signal?: AbortSignal }> = {}) {
  return useMutation({
    mutationFn: ({ signal, ...vars }: RunSqlVariables & { signal?: AbortSignal }) => runSql(vars, signal),
    ...options,
  })
}
