/**
 * SQL editor client state, per project and the id an editor was opened with: the text in the
 * editor and the outcome of the last run. Nothing here is persisted: saved SQL is the platform's
 * (the editor's SnippetSaver sends it, and keeps unacknowledged text in localStorage). Results go
 * in as `ref()` values so valtio does not wrap 100,000 rows in proxies.
 */
import { proxy, ref } from 'valtio'
import type { StatementResult } from '@/lib/api-types/sql'

export type SqlRunError = {
  message: string
  /** Postgres SQLSTATE, e.g. 42P01. */
  code?: string
  detail?: string
  hint?: string
  /** Where the error points in the editor's document (0-based index, 1-based line/column). */
  location?: { index: number; line: number; column: number }
}

export type SqlRunOutcome = {
  /** One per statement, in order; null when the run failed. Stored as a valtio `ref`. */
  results: StatementResult[] | null
  error: SqlRunError | null
  /** Server execution time when the server reported it, else the round trip. */
  durationMs: number
  finishedAt: number
  /**
   * The row limit appended to what ran (lib/sql/row-limit.ts `applyRowLimit`), or null/absent
   * when it ran as typed (no limit chosen, several statements, a LIMIT of its own …). When set and
   * the last result set has exactly this many rows, there may be more: the results panel says
   * "Showing the first N rows (row limit)" (`rowLimitNotice` in SQLEditor/run-outcome.ts).
   */
  rowLimitApplied?: number | null
  /**
   * The user cancelled this run (Cancel or Escape) and the database stopped it. `error` then holds
   * "Query cancelled" (SQLSTATE 57014) without a location: show it as a notice, not as a failure.
   * Absent means false. A 57014 the user did not ask for (a statement timeout) is a plain error.
   */
  cancelled?: boolean
}

/** The run in progress: its id (for the cancel route), when it started (for the timer). */
export type SqlActiveRun = {
  queryId: string
  startedAt: number
  /** A cancel was sent and the run has not answered yet. */
  cancelling: boolean
}

export type SqlSnippetEditorState = {
  sql: string
  running: boolean
  /** Set while `running`; kept here, not in the component, so a remount still shows the timer and can cancel. */
  activeRun: SqlActiveRun | null
  lastRun: SqlRunOutcome | null
}

type SqlEditorState = { snippets: Record<string, SqlSnippetEditorState> }

const initial = (): SqlEditorState => ({ snippets: {} })
const emptySnippet = (): SqlSnippetEditorState => ({ sql: '', running: false, activeRun: null, lastRun: null })

export const sqlEditorState = proxy({
  ...initial(),
  reset() {
    Object.assign(sqlEditorState, initial())
  },
})

function snippet(id: string): SqlSnippetEditorState {
  return (sqlEditorState.snippets[id] ??= emptySnippet())
}

export function setSnippetSql(id: string, sql: string) {
  snippet(id).sql = sql
}

/**
 * Replaces the text of `id` with a library snippet's SQL and drops its last outcome. Call it
 * before the editor of `id` mounts: Monaco takes the stored text once, as its default value.
 */
export function openLibrarySnippet(id: string, sql: string) {
  Object.assign(snippet(id), { sql, lastRun: null })
}

export function startSnippetRun(id: string, queryId: string, startedAt = Date.now()) {
  Object.assign(snippet(id), { running: true, activeRun: { queryId, startedAt, cancelling: false } })
}

/** Marks the run `queryId` as being cancelled (or not, when the cancel failed); ignores a run that already ended. */
export function setSnippetCancelling(id: string, queryId: string, cancelling: boolean) {
  const run = snippet(id).activeRun
  if (run?.queryId === queryId) run.cancelling = cancelling
}

export function setSnippetResults(id: string, results: StatementResult[], durationMs: number, rowLimitApplied: number | null = null) {
  Object.assign(snippet(id), {
    running: false,
    activeRun: null,
    lastRun: { results: ref(results), error: null, durationMs, finishedAt: Date.now(), rowLimitApplied, cancelled: false },
  })
}

export function setSnippetError(
  id: string,
  error: SqlRunError,
  durationMs: number,
  { rowLimitApplied = null, cancelled = false }: { rowLimitApplied?: number | null; cancelled?: boolean } = {}
) {
  Object.assign(snippet(id), {
    running: false,
    activeRun: null,
    lastRun: { results: null, error, durationMs, finishedAt: Date.now(), rowLimitApplied, cancelled },
  })
}
