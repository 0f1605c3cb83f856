import { z } from 'zod'
import { textField } from './zod-helpers'
import { containsStatement } from '../sql-text'

export const MAX_SQL_LENGTH = 1_000_000

export const runQueryBody = z.object({
  query: textField('query')
    .min(1, { error: 'query must not be empty', abort: true })
    .max(MAX_SQL_LENGTH, `query must be at most ${MAX_SQL_LENGTH} characters`)
    .refine(containsStatement, 'query must contain a statement, not only comments and whitespace'),
})
export type RunQueryBody = z.infer<typeof runQueryBody>

export const runQueryQuery = z.object({
  results: z.enum(['all'], { error: 'results must be "all" when given' }).optional(),
})

export const resultColumn = z.object({ name: z.string(), dataTypeID: z.number() })
export type ResultColumn = z.infer<typeof resultColumn>

/** One statement's outcome. Rows are objects keyed by column name (duplicate names: last wins). */
export const statementResult = z.object({
  command: z.string(),
  rowCount: z.number().nullable(),
  columns: z.array(resultColumn),
  rows: z.array(z.record(z.string(), z.unknown())),
})
export type StatementResult = z.infer<typeof statementResult>

/**
 * Answer of `POST /platform/pg-meta/{ref}/query?results=all`: every statement's result set, in
 * order, and the server-side execution time in milliseconds.
 */
export const runQueryAllResults = z.object({ results: z.array(statementResult), durationMs: z.number() })
export type RunQueryAllResults = z.infer<typeof runQueryAllResults>

/** Without `results=all`: the rows of the last statement (pg-meta compatible). */
export const runQueryLastRows = z.array(z.record(z.string(), z.unknown()))

export const runQueryAnswer = z.union([runQueryAllResults, runQueryLastRows])
export type RunQueryAnswer = z.infer<typeof runQueryAnswer>
