import { z } from 'zod'
import { textField } from './zod-helpers'

export const MAX_SQL_LENGTH = 1_000_000

export const runQueryBody = z.object({
  query: textField('query')
    .min(1, 'query must not be empty')
    .max(MAX_SQL_LENGTH, `query must be at most ${MAX_SQL_LENGTH} characters`),
})
export type RunQueryBody = z.infer<typeof runQueryBody>

export type ResultColumn = { name: string; dataTypeID: number }

/** One statement's outcome. Rows are objects keyed by column name (duplicate names: last wins). */
export type StatementResult = {
  command: string
  rowCount: number | null
  columns: ResultColumn[]
  rows: Record<string, unknown>[]
}

/**
 * Answer of `POST /platform/pg-meta/{ref}/query?results=all`: every statement's result set, in
 * order. Without `results=all` the endpoint answers the rows of the last statement (pg-meta
 * compatible).
 */
export type RunQueryAllResults = {
  results: StatementResult[]
  /** Server-side execution time in milliseconds. */
  durationMs: number
}
