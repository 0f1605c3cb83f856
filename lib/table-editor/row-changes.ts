import type { CellInput, Row, TableDetail } from './types'

const todo = (): never => {
  throw new Error('not implemented yet')
}

/** INSERT … RETURNING *; columns left out take their default. */
export const insertRowSql = (table: TableDetail, values: Record<string, CellInput>): string => todo()
/**
 * UPDATE of one row found by its primary key (the row as answered before the edit), RETURNING *.
 * A table without a primary key cannot be edited: throws an Error saying so.
 */
export const updateRowSql = (table: TableDetail, row: Row, changes: Record<string, CellInput>): string => todo()
/** DELETE of the given rows by primary key (one statement). */
export const deleteRowsSql = (table: TableDetail, rows: Row[]): string => todo()
