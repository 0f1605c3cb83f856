import type { CellInput, ColumnInfo } from './types'

const todo = (): never => {
  throw new Error('not implemented yet')
}

/** The SQL literal for what an editor handed over, cast to the column's type (`'…'::type`, NULL, DEFAULT). */
export const literalFor = (column: ColumnInfo, input: CellInput): string => todo()
/**
 * The text an editor starts from for a value the SQL endpoint answered (JSON values: numbers,
 * booleans, embedded json, strings for the rest): the inverse of literalFor's text. Null for NULL.
 */
export const cellText = (column: ColumnInfo, value: unknown): string | null => todo()
