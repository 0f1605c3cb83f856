import type { TableDetail, TableSummary } from './types'

const todo = (): never => {
  throw new Error('not implemented yet')
}

/** Schemas the user may browse (not pg_catalog, information_schema, pg_toast, the platform's own). */
export const schemasSql = (): string => todo()
export const schemasFromRows = (rows: unknown[]): string[] => todo()
/** Ordinary and partitioned tables of a schema, with estimated rows (no count(*)). */
export const tablesSql = (schema: string): string => todo()
export const tablesFromRows = (rows: unknown[]): TableSummary[] => todo()
/** One table's columns (types, categories, enums, defaults, keys, foreign keys) and RLS policies. */
export const tableDetailSql = (schema: string, table: string): string => todo()
/** Null when the table is not there (any more). */
export const tableDetailFromRows = (rows: unknown[]): TableDetail | null => todo()
