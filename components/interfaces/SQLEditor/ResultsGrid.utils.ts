import type { ResultColumn } from '@/lib/api-types/sql'
import type { ColumnarRows } from '@/lib/sql/result-set'
import { uniqueKeys } from '@/lib/sql/export'

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
export function estimateColumnWidths(columns: ResultColumn[], rows: Pick<ColumnarRows, 'length' | 'cell'>): number[] {
  const sampled = Math.min(rows.length, WIDTH_SAMPLE_ROWS)
  return columns.map((column, index) => {
    let chars = column.name.length
    for (let row = 0; row < sampled; row++) {
      const text = cellText(rows.cell(row, index))
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

/** What copying a cell puts on the clipboard: the whole value, nothing for NULL (as in CSV). */
export const copyText = (value: unknown): string => cellText(value) ?? ''

/** A row on the clipboard: one JSON object keyed by column name (a repeated name gets _2 …), NULL as null. */
export function copyRowText(columns: ResultColumn[], row: readonly unknown[]): string {
  const keys = uniqueKeys(columns.map((column) => column.name))
  return JSON.stringify(Object.fromEntries(keys.map((key, index) => [key, row[index] ?? null])))
}

/** The whole value for the cell viewer: JSON objects and arrays indented, NULL as null. */
export function fullText(value: unknown): string | null {
  if (value !== null && typeof value === 'object') {
    try {
      return JSON.stringify(value, null, 2) ?? cellText(value)
    } catch {
      return cellText(value)
    }
  }
  return cellText(value)
}

/** Whether the grid shows only the start of the value (the viewer has all of it). */
export const isCut = (value: unknown) => (cellText(value)?.length ?? 0) > MAX_CELL_CHARS

export type CellPosition = { row: number; col: number }

/**
 * The focused cell after a key press, or null when the key does not move it: arrows, Home/End
 * (the row's first/last cell; with Ctrl/Cmd the grid's), PageUp/PageDown by `page` rows. With
 * no cell focused yet, any of them focuses the first.
 */
export function moveCell(
  from: CellPosition | null,
  key: string,
  { rows, cols, page, ctrl = false }: { rows: number; cols: number; page: number; ctrl?: boolean }
): CellPosition | null {
  if (rows === 0 || cols === 0) return null
  const moves: Record<string, (at: CellPosition) => CellPosition> = {
    ArrowUp: (at) => ({ ...at, row: at.row - 1 }),
    ArrowDown: (at) => ({ ...at, row: at.row + 1 }),
    ArrowLeft: (at) => ({ ...at, col: at.col - 1 }),
    ArrowRight: (at) => ({ ...at, col: at.col + 1 }),
    PageUp: (at) => ({ ...at, row: at.row - page }),
    PageDown: (at) => ({ ...at, row: at.row + page }),
    Home: (at) => (ctrl ? { row: 0, col: 0 } : { ...at, col: 0 }),
    End: (at) => (ctrl ? { row: rows - 1, col: cols - 1 } : { ...at, col: cols - 1 }),
  }
  const move = moves[key]
  if (!move) return null
  if (!from) return { row: 0, col: 0 }
  const to = move(from)
  return { row: Math.min(Math.max(to.row, 0), rows - 1), col: Math.min(Math.max(to.col, 0), cols - 1) }
}

/** A block of cells, inclusive on every side. */
export type CellRange = { top: number; bottom: number; left: number; right: number }

/** The block between the cell a selection started at and the focused one (either may be the corner). */
export function rangeBetween(anchor: CellPosition, active: CellPosition): CellRange {
  return {
    top: Math.min(anchor.row, active.row),
    bottom: Math.max(anchor.row, active.row),
    left: Math.min(anchor.col, active.col),
    right: Math.max(anchor.col, active.col),
  }
}

export const rangeCells = (range: CellRange) => (range.bottom - range.top + 1) * (range.right - range.left + 1)

/**
 * A block of cells on the clipboard as spreadsheets take it: tab-separated values, one line per
 * row, NULL as nothing; tabs and line breaks inside a value become spaces so the block keeps its
 * shape.
 */
export function rangeText(range: CellRange, cell: (row: number, col: number) => unknown): string {
  const lines: string[] = []
  for (let row = range.top; row <= range.bottom; row++) {
    const values: string[] = []
    for (let col = range.left; col <= range.right; col++) values.push(copyText(cell(row, col)).replace(/[\t\r\n]+/g, ' '))
    lines.push(values.join('\t'))
  }
  return lines.join('\n')
}

/**
 * The tallest the grid's content gets. Browsers cap an element's height (Firefox near 17.9 million
 * px, Chromium 33.5 million): at 28 px a row, past about 535,000 rows the content stays this tall
 * and scroll positions map onto rows in proportion, so the last of millions of rows can still be
 * scrolled to.
 */
export const MAX_CONTENT_HEIGHT = 15_000_000

/** Where a row's top is in the whole table's layout (below the header). */
const rowTop = (index: number) => HEADER_HEIGHT + index * ROW_HEIGHT

/**
 * How the rows are laid out for a scroll position: the content's height, where the viewport's
 * top is in the whole table's layout (`offset`: the scroll position itself, unless the table is
 * taller than MAX_CONTENT_HEIGHT), and the factor between the two.
 */
export function rowLayout(scrollTop: number, viewportHeight: number, rowCount: number) {
  const full = HEADER_HEIGHT + rowCount * ROW_HEIGHT
  const height = Math.min(full, MAX_CONTENT_HEIGHT)
  const scale = full > height && height > viewportHeight ? (full - viewportHeight) / (height - viewportHeight) : 1
  return { height, scale, offset: scrollTop * scale }
}

/**
 * Where row `index` goes in the content, for a scroll position (ResultsGrid places it there), in
 * whole pixels: a scaled table's rows would otherwise sit between pixels, their text blurred.
 */
export function rowPosition(index: number, scrollTop: number, viewportHeight: number, rowCount: number): number {
  const { offset } = rowLayout(scrollTop, viewportHeight, rowCount)
  return Math.round(rowTop(index) - offset + scrollTop)
}

/**
 * The rows [start, end) a viewport shows, plus `overscan` rows on each side. Rows have a fixed
 * height and start below the header, which sticks over the viewport's top: a window is a little
 * arithmetic, whatever the row count (a virtualizer that lays out every row is O(rows) each time
 * a streaming result grows).
 */
export function rowWindow(scrollTop: number, viewportHeight: number, rowCount: number, overscan: number): { start: number; end: number } {
  const { offset } = rowLayout(scrollTop, viewportHeight, rowCount)
  const first = Math.floor(Math.max(0, offset - HEADER_HEIGHT) / ROW_HEIGHT)
  const last = Math.ceil(Math.max(0, offset + viewportHeight - HEADER_HEIGHT) / ROW_HEIGHT)
  const start = Math.min(rowCount, Math.max(0, first - overscan))
  return { start, end: Math.min(rowCount, Math.max(start, last + overscan)) }
}

/**
 * The scroll position that brings row `index` whole into view below the sticky header, moving as
 * little as it can; null when it is in view already.
 */
export function scrollTopShowing(index: number, scrollTop: number, viewportHeight: number, rowCount: number): number | null {
  const { offset, scale } = rowLayout(scrollTop, viewportHeight, rowCount)
  const top = rowTop(index)
  if (top < offset + HEADER_HEIGHT) return (top - HEADER_HEIGHT) / scale
  if (top + ROW_HEIGHT > offset + viewportHeight) return (top + ROW_HEIGHT - viewportHeight) / scale
  return null
}
