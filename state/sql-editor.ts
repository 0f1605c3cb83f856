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
}

export type SqlSnippetEditorState = {
  sql: string
  running: boolean
  lastRun: SqlRunOutcome | null
}

type SqlEditorState = { snippets: Record<string, SqlSnippetEditorState> }

const initial = (): SqlEditorState => ({ snippets: {} })
const emptySnippet = (): SqlSnippetEditorState => ({ sql: '', running: false, lastRun: null })

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

export function setSnippetRunning(id: string, running: boolean) {
  snippet(id).running = running
}

export function setSnippetResults(id: string, results: StatementResult[], durationMs: number) {
  Object.assign(snippet(id), {
    running: false,
    lastRun: { results: ref(results), error: null, durationMs, finishedAt: Date.now() },
  })
}

export function setSnippetError(id: string, error: SqlRunError, durationMs: number) {
  Object.assign(snippet(id), {
    running: false,
    lastRun: { results: null, error, durationMs, finishedAt: Date.now() },
  })
}
