import type { RunResult } from '@/lib/sql/result-set'

const numberFormat = new Intl.NumberFormat('en-US')

export const formatCount = (n: number) => numberFormat.format(n)

export const pluralRows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`

export function formatDuration(ms: number) {
  if (ms < 1000) return `${formatCount(Math.round(ms))} ms`
  return `${(ms / 1000).toFixed(2)} s`
}

/** Commands whose row count means rows affected. */
const COUNTED_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY', 'MOVE', 'FETCH'])

/** A statement that answered a row set (possibly empty) as opposed to a command like CREATE TABLE. */
export const returnsRows = (result: RunResult) => result.columns.length > 0

/** Rows affected by INSERT/UPDATE/DELETE…, or null when the command has no meaningful count. */
export function affectedRows(result: RunResult): number | null {
  if (returnsRows(result)) return null
  const command = result.command.toUpperCase()
  return COUNTED_COMMANDS.has(command) && typeof result.rowCount === 'number' ? result.rowCount : null
}

/** Tab label detail: 'SELECT · 3 rows', 'UPDATE · 2 rows', 'CREATE TABLE'. */
export function resultSummary(result: RunResult): string {
  // Stopped at the editor's result budget: it will not complete.
  if (result.cut) return `first ${pluralRows(result.rows.length)}`
  // Still streaming: the command is known once the statement completes.
  if (!result.complete) return `${pluralRows(result.rows.length)} so far…`
  const command = result.command || 'Statement'
  if (returnsRows(result)) return `${command} · ${pluralRows(result.rows.length)}`
  const affected = affectedRows(result)
  return affected === null ? command : `${command} · ${pluralRows(affected)}`
}

/** Status line: '100,000 rows · 612 ms', '2 rows affected · 8 ms', 'CREATE TABLE · 8 ms'. */
export function resultStatus(result: RunResult, durationMs: number): string {
  const duration = formatDuration(durationMs)
  if (result.cut) return `first ${pluralRows(result.rows.length)}, then stopped · ${duration}`
  if (returnsRows(result)) return `${pluralRows(result.rows.length)} · ${duration}`
  const affected = affectedRows(result)
  if (affected !== null) return `${pluralRows(affected)} affected · ${duration}`
  return `${result.command || 'Success'} · ${duration}`
}

/** Status line while rows stream in: '12,345 rows so far… · 1.20 s'. */
export function streamingStatus(result: RunResult, elapsedMs: number): string {
  const duration = formatDuration(elapsedMs)
  if (result.cut) return resultStatus(result, elapsedMs)
  if (result.complete) return `${resultStatus(result, elapsedMs)} · running…`
  return `${pluralRows(result.rows.length)} so far… · ${duration}`
}

/**
 * The download's name: the snippet's name without the characters file systems refuse (and
 * without leading dots, which would hide the file), else "results"; plus the format's extension.
 */
export function exportFileName(name: string | null | undefined, extension: string): string {
  const base = (name ?? '')
    .replace(/[\p{Cc}/\\:*?"<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim()
  return `${base || 'results'}.${extension}`
}

