import { resultBudgetNotice } from '@/lib/sql/result-budget'
import type { SqlRunOutcome } from '@/state/sql-editor'

/** What a run the user cancelled shows in place of an error message. */
export const CANCELLED_MESSAGE = 'Query cancelled'

/**
 * "Showing the first N rows (row limit)" when the row limit was added to what ran and the result
 * came back exactly that long (there may be more rows); null otherwise.
 */
export function rowLimitNotice(outcome: Pick<SqlRunOutcome, 'results' | 'rowLimitApplied'> | null): string | null {
  const limit = outcome?.rowLimitApplied
  const rows = outcome?.results?.at(-1)?.rows
  if (!limit || !rows || rows.length !== limit) return null
  return `Showing the first ${limit.toLocaleString('en-US')} rows (row limit)`
}

/**
 * What the results say of the last result set, when a limit cut it: the editor's result budget
 * (the run was stopped there), or the row limit added to what ran; null otherwise.
 */
export function resultCutNotice(outcome: Pick<SqlRunOutcome, 'results' | 'rowLimitApplied'> | null): string | null {
  const last = outcome?.results?.at(-1)
  if (last?.cut) return resultBudgetNotice(last.rows.length)
  return rowLimitNotice(outcome)
}
