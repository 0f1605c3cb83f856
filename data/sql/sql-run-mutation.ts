import { useMutation } from '@tanstack/react-query'
import { post } from '@/data/fetchers'
import type { RunQueryAllResults } from '@/lib/api-types/sql'

export type RunSqlVariables = { projectRef: string; sql: string }

/**
 * Runs `sql` in the project's database and answers one result per statement. A Postgres error
 * throws a ResponseError whose `pg` holds `code`, `position` (1-based, in characters of `sql`),
 * `detail` and `hint`.
 */
export async function runSql({ projectRef, sql }: RunSqlVariables, signal?: AbortSignal) {
  return post<RunQueryAllResults>(
    `/platform/pg-meta/${encodeURIComponent(projectRef)}/query`,
    { query: sql },
    { query: { results: 'all' }, signal }
  )
}
export type RunSqlData = Awaited<ReturnType<typeof runSql>>

/**
 * No toast on error: the SQL editor shows the error inline, next to the SQL that caused it.
 * Pass `signal` to be able to abort the request (the query may still finish on the server).
 */
export function useSqlRunMutation() {
  return useMutation({
    mutationFn: ({ signal, ...vars }: RunSqlVariables & { signal?: AbortSignal }) => runSql(vars, signal),
  })
}
