/**
 * SQL editor client state, per project and the id an editor was opened with: the text in the
 * editor and the outcome of the last run. Nothing here is persisted: saved SQL is the platform's
 * (the editor's SnippetSaver sends it, and keeps unacknowledged text in localStorage). Results go
 * in as `ref()` values so valtio does not wrap a million rows in proxies; while they stream in,
 * `progress` is bumped so that views re-render. A result that is replaced (a new run, or a library
 * snippet opened in its place) has its rows released, so its memory goes even if something still
 * points at it.
 */
import { proxy, ref } from 'valtio'
import type { RunResult } from '@/lib/sql/result-set'
import type { RunNotice } from '@/lib/sql/run-stream'
import { resetOnSignOut } from './reset'

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
  results: RunResult[] | null
  /** What the database said along the way (RAISE NOTICE …). Stored as a valtio `ref`. */
  notices?: RunNotice[]
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
  /** Rows are still arriving: `results` grow, and `progress` counts the updates. */
  streaming?: boolean
  progress?: number
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
resetOnSignOut(() => sqlEditorState.reset())

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
  const state = snippet(id)
  state.sql = sql
  replaceLastRun(state, null)
}

export function startSnippetRun(id: string, queryId: string, startedAt = Date.now()) {
  Object.assign(snippet(id), { running: true, activeRun: { queryId, startedAt, cancelling: false } })
}

/** Marks the run `queryId` as being cancelled (or not, when the cancel failed); ignores a run that already ended. */
export function setSnippetCancelling(id: string, queryId: string, cancelling: boolean) {
  const run = snippet(id).activeRun
  if (run?.queryId === queryId) run.cancelling = cancelling
}

/** Replaces the last outcome, releasing the rows of results the new one does not show. */
function replaceLastRun(state: SqlSnippetEditorState, next: SqlRunOutcome | null) {
  const kept = new Set(next?.results ?? [])
  for (const result of state.lastRun?.results ?? []) if (!kept.has(result)) result.rows.release()
  state.lastRun = next
}

/**
 * Shows the results of the run `queryId` so far, while it streams (ignored once another run
 * started): the first call puts them in, later ones only bump `progress`.
 */
export function showSnippetProgress(
  id: string,
  queryId: string,
  run: { results: RunResult[]; notices: RunNotice[] },
  elapsedMs: number,
  rowLimitApplied: number | null = null
) {
  const state = snippet(id)
  if (state.activeRun?.queryId !== queryId) return
  const last = state.lastRun
  if (last?.streaming && last.results === run.results) {
    last.progress = (last.progress ?? 0) + 1
    last.durationMs = elapsedMs
    return
  }
  replaceLastRun(state, {
    results: ref(run.results),
    notices: ref(run.notices),
    error: null,
    durationMs: elapsedMs,
    finishedAt: Date.now(),
    rowLimitApplied,
    cancelled: false,
    streaming: true,
    progress: 1,
  })
}

export function setSnippetResults(id: string, results: RunResult[], durationMs: number, rowLimitApplied: number | null = null, notices: RunNotice[] = []) {
  const state = snippet(id)
  Object.assign(state, { running: false, activeRun: null })
  replaceLastRun(state, { results: ref(results), notices: ref(notices), error: null, durationMs, finishedAt: Date.now(), rowLimitApplied, cancelled: false })
}

export function setSnippetError(
  id: string,
  error: SqlRunError,
  durationMs: number,
  { rowLimitApplied = null, cancelled = false, notices = [] }: { rowLimitApplied?: number | null; cancelled?: boolean; notices?: RunNotice[] } = {}
) {
  const state = snippet(id)
  Object.assign(state, { running: false, activeRun: null })
  replaceLastRun(state, { results: null, notices: ref(notices), error, durationMs, finishedAt: Date.now(), rowLimitApplied, cancelled })
}
