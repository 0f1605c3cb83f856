import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { RunStream, type RunNotice } from '@/lib/sql/run-stream'
import type { RunResult } from '@/lib/sql/result-set'
import { EDITOR_RESULT_BUDGET_CHARS } from '@/lib/sql/result-budget'
import { callStream, ResponseError } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { queryHistoryKeys } from '../content/keys'
import { refreshCatalogAfterRun } from '../database/schema-catalog-refresh'

export type RunSqlVariables = {
  projectRef: string
  sql: string
  /**
   * Names the run (a fresh uuid, e.g. crypto.randomUUID()) so that `cancelQuery` can stop it
   * while it runs. Optional: an unnamed run cannot be cancelled, only abandoned.
   */
  queryId?: string
  /**
   * Called as results arrive (after each line), with the run's results so far: the same arrays,
   * growing. Keep them outside React state (valtio `ref()`); they are never copied.
   */
  onProgress?: (run: RunStream) => void
  /** Characters of result lines held before the run is stopped (lib/sql/result-budget.ts). */
  budgetChars?: number
}

/**
 * What a finished run answers; its rows were handed to `onProgress` as they came. `cut`: the
 * results passed the budget, so the run was stopped and its last result holds its first rows only
 * (that result's `cut` is set).
 */
export type RunSqlData = { results: RunResult[]; notices: RunNotice[]; durationMs: number; cut: boolean }

/**
 * Runs `sql` in the project's database, streamed (`format=ndjson`): one result per statement,
 * rows held by column (lib/sql/result-set.ts). A Postgres error throws a ResponseError whose `pg`
 * holds `code`, `position` (1-based, in characters of `sql`), `detail` and `hint`, whether it came
 * before the first row or after. A run stopped by `cancelQuery` throws one with `pg.code`
 * '57014' ('canceling statement due to user request'); a `queryId` still running answers 409.
 *
 * Past `budgetChars` of result lines the answer is no longer read: the request is aborted, which
 * stops the run on the platform (a client gone mid-stream ends its run), and what came so far is
 * answered with `cut`.
 */
export async function runSql(
  { projectRef, sql, queryId, onProgress, budgetChars = EDITOR_RESULT_BUDGET_CHARS }: RunSqlVariables,
  signal?: AbortSignal
): Promise<RunSqlData> {
  const run = new RunStream()
  const query = queryId ? { format: 'ndjson' as const, query_id: queryId } : { format: 'ndjson' as const }
  const started = performance.now()
  // The caller's abort and the budget's both end the request.
  const reading = new AbortController()
  const abortReading = () => reading.abort(signal?.reason)
  if (signal?.aborted) abortReading()
  signal?.addEventListener('abort', abortReading, { once: true })
  let held = 0
  let cut = false
  try {
    await callStream(
      sqlRoutes.runQuery,
      { params: { ref: projectRef }, query, body: { query: sql } },
      {
        signal: reading.signal,
        onLine: (line, chars) => {
          if (cut) return
          run.apply(line)
          held += chars
          const open = run.results.at(-1)
          if (held > budgetChars && open && !open.complete && open.rows.length > 0 && !run.ended) {
            cut = open.cut = true
            reading.abort()
          }
          onProgress?.(run)
        },
      }
    )
  } catch (error) {
    if (!cut || signal?.aborted) throw error
  } finally {
    signal?.removeEventListener('abort', abortReading)
  }
  if (cut) return { results: run.results, notices: run.notices, durationMs: performance.now() - started, cut }
  if (run.failure) throw new ResponseError(run.failure.message, run.failure.status, { requestId: run.failure.requestId, pg: run.failure.pg })
  if (run.durationMs === null) throw new ResponseError('The answer ended before the query did. Run it again.', 502)
  return { results: run.results, notices: run.notices, durationMs: run.durationMs, cut }
}

/**
 * No toast on error: the SQL editor shows the error inline, next to the SQL that caused it.
 * Pass `signal` to be able to abort the request (the platform then stops the query); pass
 * `queryId` and call `cancelQuery` to stop it and hear back (it then fails with pg.code 57014).
 * The platform records every run, failed ones too: the project's query history is refetched
 * when one settles, wherever it was started.
 *
 * A finished run's results are not kept by React Query (gcTime 0, and whoever ran it keeps them
 * where it shows them): five runs of a million rows must not stay in memory five times.
 */
export function useSqlRunMutation({ onSettled, ...options }: MutationOptions<RunSqlData, RunSqlVariables & { signal?: AbortSignal }> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ signal, ...vars }: RunSqlVariables & { signal?: AbortSignal }) => runSql(vars, signal),
    gcTime: 0,
    ...options,
    async onSettled(...args) {
      void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(args[2].projectRef) })
      // Even a script that failed part-way may have created something: autocomplete reads anew after DDL.
      void refreshCatalogAfterRun(queryClient, args[2].projectRef, args[2].sql)
      await onSettled?.(...args)
    },
  })
}
