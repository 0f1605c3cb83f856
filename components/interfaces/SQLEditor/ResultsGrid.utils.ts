import type { ResultColumn } from '@/lib/api-types/sql'

/** Characters kept in a cell's text; the rest is only in its `title`. */
const MAX_CELL_CHARS = 500
/** Characters kept in a cell's `title` (tooltips with megabytes of JSON help nobody). */
const MAX_TITLE_CHARS = 10_000

export const ROW_HEIGHT = 28
export const HEADER_HEIGHT = 32
export const MIN_COLUMN_WIDTH = 80
export const MAX_COLUMN_WIDTH = 360
/** Approximate width of one character of `text-xs` monospace, in px. */
const CHAR_WIDTH = 7.3
const CELL_PADDING = 24
/** Rows sampled to size a column. */
const WIDTH_SAMPLE_ROWS = 100

export type FormattedCell = { text: string; title: string; isNull: boolean }

/** Text of one value as the grid shows it: NULL for null, JSON for objects and arrays. */
export function cellText(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

export function formatCell(value: unknown): FormattedCell {
  const text = cellText(value)
  if (text === null) return { text: 'NULL', title: 'NULL', isNull: true }
  return {
    text: text.length > MAX_CELL_CHARS ? `${text.slice(0, MAX_CELL_CHARS)}…` : text,
    title: text.length > MAX_TITLE_CHARS ? `${text.slice(0, MAX_TITLE_CHARS)}…` : text,
    isNull: false,
  }
}

/** A column's width from its name and the first rows' values, clamped. */
export function estimateColumnWidths(columns: ResultColumn[], rows: Record<string, unknown>[]): number[] {
  const sample = rows.length > WIDTH_SAMPLE_ROWS ? rows.slice(0, WIDTH_SAMPLE_ROWS) : rows
  return columns.map((column) => {
    let chars = column.name.length
    for (const row of sample) {
      const text = cellText(row[column.name])
      chars = Math.max(chars, text === null ? 4 : Math.min(text.length, 60))
    }
    const px = Math.ceil(chars * CHAR_WIDTH + CELL_PADDING)
    return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, px))
  })
}

/** Width of the row-number column: enough for the largest row number. */
export function rowNumberWidth(rowCount: number): number {
  return Math.max(48, Math.ceil(String(Math.max(rowCount, 1)).length * CHAR_WIDTH + CELL_PADDING))
}
