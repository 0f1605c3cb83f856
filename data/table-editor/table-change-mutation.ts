import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { rowCountProblem } from '@/lib/table-editor'
import { queryHistoryKeys } from '../content/keys'
import { refreshCatalogAfterRun } from '../database/schema-catalog-refresh'
import { call } from '../fetchers'
import type { MutationOptions } from '../query-options'
import { tableEditorKeys } from './keys'

export type TableChangeVariables = {
  projectRef: string
  sql: string
  /** For an UPDATE or DELETE … RETURNING of the editor's rows: how many rows it must answer. */
  expectedRows?: number
}

/** The change ran, but did not touch the rows it was shown to (another tab got there first). */
export class TableChangeConflict extends Error {
  override name = 'TableChangeConflict'
}

/**
 * Runs a change the user has read and confirmed (one statement, or one transaction), as their own
 * query: it is kept in their query history like anything they run in the SQL editor. Postgres'
 * error comes back as the ResponseError's message; a transaction that failed left nothing behind.
 * A row change answering another count of rows than expected is a TableChangeConflict, never a
 * success.
 */
export async function runTableChange({ projectRef, sql, expectedRows }: TableChangeVariables): Promise<unknown[]> {
  const answer = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, body: { query: sql } })
  const rows = Array.isArray(answer) ? answer : []
  const problem = expectedRows === undefined ? null : rowCountProblem(expectedRows, rows.length)
  if (problem) throw new TableChangeConflict(problem)
  return rows
}

/** No toast on error: the review dialog keeps the message beside the SQL that caused it. */
export function useTableChangeMutation({ onSettled, ...options }: MutationOptions<unknown[], TableChangeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: runTableChange,
    ...options,
    async onSettled(...args) {
      const { projectRef, sql } = args[2]
      void queryClient.invalidateQueries({ queryKey: queryHistoryKeys.all(projectRef) })
      void refreshCatalogAfterRun(queryClient, projectRef, sql)
      // Even a failed change may mean the table moved on (another tab dropped it): read anew.
      await queryClient.invalidateQueries({ queryKey: tableEditorKeys.all(projectRef) })
      await onSettled?.(...args)
    },
  })
}
