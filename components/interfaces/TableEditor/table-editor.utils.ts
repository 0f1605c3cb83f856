/**
 * The editor's decisions that are not rendering: how counts read, how a header click cycles the
 * sort, when a filter is complete, what a row's key is, how wide a column starts.
 */
import { COUNT_CAP, type ColumnInfo, type Filter, type Row, type Sort, type TableDetail, type TableSummary } from '@/lib/table-editor'

const NUMBER = new Intl.NumberFormat('en-US')

const rows = (n: number) => `${NUMBER.format(n)} ${n === 1 ? 'row' : 'rows'}`

/**
 * "200 rows" when the table was counted (no estimate yet, or an estimate of none: exact up to
 * COUNT_CAP, "more than 1,000 rows" past it); otherwise "≈ 1,000,000 rows", the statistics'
 * estimate, never shown as exact. "not estimated yet" only when neither is there (a table the
 * member may not read).
 */
export function rowCountText({ estimatedRows, countedRows }: Pick<TableSummary, 'estimatedRows' | 'countedRows'>): string {
  if (countedRows !== null) return countedRows > COUNT_CAP ? `more than ${rows(COUNT_CAP)}` : rows(countedRows)
  if (estimatedRows === null || estimatedRows < 0) return 'not estimated yet'
  return `≈ ${rows(Math.round(estimatedRows))}`
}

/** A header click: none → ascending → descending → none (another column starts ascending). */
export function nextSort(current: Sort | null, column: string): Sort | null {
  if (!current || current.column !== column) return { column, ascending: true }
  return current.ascending ? { column, ascending: false } : null
}

export const operatorNeedsValue = (operator: Filter['operator']) => operator !== 'is null' && operator !== 'is not null'

/** Filters sent to the database: those with a value where they need one, on columns that exist. */
export function activeFilters(filters: Filter[], columns: ColumnInfo[]): Filter[] {
  const names = new Set(columns.map((c) => c.name))
  return filters.filter((f) => names.has(f.column) && (!operatorNeedsValue(f.operator) || f.value.trim() !== ''))
}

/** Whether the rows of this table can be changed one by one (they are found by primary key). */
export const rowsEditable = (table: TableDetail) => table.primaryKey.length > 0

/** A row's identity in the grid: its primary key values (the grid's position without one). */
export function rowKey(table: TableDetail, row: Row, index: number): string {
  return table.primaryKey.length > 0 ? JSON.stringify(table.primaryKey.map((name) => row[name] ?? null)) : `#${index}`
}

/** The JSON error of a json/jsonb editor's text, or null when it parses. */
export function jsonError(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`
  }
}

/** A column's starting width in pixels, from its name and type. */
export function columnWidth(column: ColumnInfo): number {
  const header = Math.max(column.name.length, column.type.length) * 7.5 + 56
  const byCategory = column.category === 'json' || column.category === 'text' ? 220 : column.category === 'timestamp' || column.category === 'uuid' ? 200 : 120
  return Math.round(Math.min(360, Math.max(header, byCategory)))
}

/** The editor's address of a table (its schema alone: the schema's list with nothing opened). */
export function editorHref(projectRef: string, schema: string, table?: string): string {
  const base = `/project/${encodeURIComponent(projectRef)}/editor`
  if (table === undefined) return schema === 'public' ? base : `${base}?schema=${encodeURIComponent(schema)}`
  return `${base}/${encodeURIComponent(schema)}/${encodeURIComponent(table)}`
}

/** A one-line view of a value in a cell (long text cut; the editor shows it whole). */
export function cellPreview(text: string | null): string {
  if (text === null) return 'NULL'
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}
