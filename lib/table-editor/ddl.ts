import type { ColumnChange, ColumnInfo, NewColumn, NewTable, TableDetail } from './types'

const todo = (): never => {
  throw new Error('not implemented yet')
}

/** CREATE TABLE with its columns, keys and foreign keys (+ RLS, comments) in one transaction. */
export const createTableSql = (table: NewTable): string => todo()
export const renameTableSql = (table: { schema: string; name: string }, newName: string): string => todo()
export const dropTableSql = (table: { schema: string; name: string }, options?: { cascade?: boolean }): string => todo()
export const addColumnSql = (table: { schema: string; name: string }, column: NewColumn): string => todo()
/** Every part of the change in one transaction (rename last), or one statement when there is one part. */
export const alterColumnSql = (table: TableDetail, column: ColumnInfo, change: ColumnChange): string => todo()
export const dropColumnSql = (table: { schema: string; name: string }, column: string, options?: { cascade?: boolean }): string => todo()
/** ENABLE / DISABLE ROW LEVEL SECURITY. */
export const setRlsSql = (table: { schema: string; name: string }, enabled: boolean): string => todo()
