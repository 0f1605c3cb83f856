import { z } from 'zod'
import { identifier, textField } from './zod-helpers'
import { containsStatement } from '../sql-text'

export const MAX_SQL_LENGTH = 1_000_000

export const runQueryBody = z.object({
  query: textField('query')
    .min(1, { error: 'query must not be empty', abort: true })
    .max(MAX_SQL_LENGTH, `query must be at most ${MAX_SQL_LENGTH} characters`)
    .refine(containsStatement, 'query must contain a statement, not only comments and whitespace'),
})
export type RunQueryBody = z.infer<typeof runQueryBody>

/** A run's name, chosen by the client (a uuid), so that it can be cancelled while it runs. */
// Lower case, so that one run has one name however the client spells it.
export const sqlQueryId = z.uuid({ error: 'query_id must be a uuid' }).transform((id) => id.toLowerCase())

export const runQueryQuery = z.object({
  results: z.enum(['all'], { error: 'results must be "all" when given' }).optional(),
  /** Names the run for `POST /platform/projects/{ref}/query/{query_id}/cancel`; optional (pg-meta compatible). */
  query_id: sqlQueryId.optional(),
  /**
   * `ndjson`: stream every statement's results as newline-delimited JSON while the database
   * produces them (rows as arrays; see docs/api.md). Default: one JSON answer.
   */
  format: z.enum(['json', 'ndjson'], { error: 'format must be "json" or "ndjson"' }).optional(),
  /** `skip`: the dashboard's own reads (the autocomplete catalog) stay out of the caller's query history. */
  history: z.enum(['skip'], { error: 'history must be "skip" when given' }).optional(),
})
export type RunQueryQuery = z.infer<typeof runQueryQuery>

export const cancelQueryParams = z.object({ ref: identifier('ref'), query_id: sqlQueryId })

/**
 * `cancelled: true`: the run was stopped (it answers 400 with pg.code 57014). `false`: no such run
 * is running for the caller (it ended, never ran, or is someone else's).
 */
export const cancelQueryAnswer = z.object({ cancelled: z.boolean() })
export type CancelQueryAnswer = z.infer<typeof cancelQueryAnswer>

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

/** The table editor's detail of one table (lib/table-editor: columns, keys, policies). */
export const tableDetailQuery = z.object({
  schema: textField('schema').min(1, 'schema must not be empty').max(63, 'schema must be at most 63 characters'),
  table: textField('table').min(1, 'table must not be empty').max(63, 'table must be at most 63 characters'),
})
export type TableDetailQuery = z.infer<typeof tableDetailQuery>
/** The catalog query's rows as the SQL endpoint answers them: one row, or none when there is no such table. */
export const tableDetailAnswer = z.array(z.unknown())
