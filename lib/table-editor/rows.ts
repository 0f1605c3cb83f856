import type { Cursor, ForeignKeyRef, Row, RowsRequest, TableDetail } from './types'

const todo = (): never => {
  throw new Error('not implemented yet')
}

/**
 * One page of rows, keyset-paged: ordered by the sort column then the primary key (ctid without
 * one), `after` compared with a row constructor, never OFFSET. Filters become WHERE with literals.
 * The answer rows hold every column (as JSON values) plus what cursorOf needs.
 */
export const rowsSql = (request: RowsRequest): string => todo()
/** The cursor after `row` (a row answered by rowsSql for the same request). */
export const cursorOf = (request: Pick<RowsRequest, 'table' | 'sort'>, row: Row): Cursor => todo()
/** The row a foreign-key cell points at (one row, every column), for showing it beside the cell. */
export const referencedRowSql = (foreignKey: ForeignKeyRef, value: unknown): string => todo()
export type { TableDetail }
