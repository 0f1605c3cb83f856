/**
 * One statement's result in the browser, as it streams in. Rows are kept by column (one plain
 * array per column) instead of one object per row: a million rows are three arrays, not a
 * million objects with their hidden classes and keys, and a value is found by position, so two
 * columns of the same name keep their own values. Never put one inside React state or a valtio
 * proxy as is: store it with valtio's `ref()` and signal progress separately.
 */
import type { ResultColumn } from '@/lib/api-types/sql'

export class ColumnarRows {
  private data: unknown[][]
  private count = 0

  constructor(columnCount: number) {
    this.data = Array.from({ length: columnCount }, () => [])
  }

  /** Rows received so far. */
  get length() {
    return this.count
  }

  /** Adds rows given as arrays in column order (missing values become null). */
  append(rows: readonly (readonly unknown[])[]) {
    const data = this.data
    for (const row of rows) {
      for (let c = 0; c < data.length; c++) data[c].push(c < row.length ? row[c] : null)
    }
    this.count += rows.length
  }

  cell(row: number, column: number): unknown {
    return row < this.count ? this.data[column]?.[row] : undefined
  }

  /** One row as an array in column order. */
  row(index: number): unknown[] {
    return this.data.map((column) => column[index])
  }

  /** Lets the values go (the result was closed or replaced). */
  release() {
    this.data = this.data.map(() => [])
    this.count = 0
  }
}

export type RunResult = {
  /** The CommandComplete tag's command ('SELECT', 'INSERT' …); empty until the statement completed. */
  command: string
  /** The tag's count (rows returned or affected); null until complete or when the command has none. */
  rowCount: number | null
  columns: ResultColumn[]
  rows: ColumnarRows
  /** All of the statement's rows are in. */
  complete: boolean
  /**
   * The editor stopped reading at its result budget (lib/sql/result-budget.ts), which stopped the
   * run: `rows` are the statement's first rows only, and it never completes.
   */
  cut?: boolean
}

export function newRunResult(columns: ResultColumn[]): RunResult {
  return { command: '', rowCount: null, columns, rows: new ColumnarRows(columns.length), complete: false }
}

/** A result from rows already at hand (tests, the whole-JSON answer). */
export function runResultOf(columns: ResultColumn[], rows: readonly (readonly unknown[])[], command = 'SELECT'): RunResult {
  const result = newRunResult(columns)
  result.rows.append(rows)
  return { ...result, command, rowCount: rows.length, complete: true }
}

/** The value of the first column named `name` in row `row` (plans: 'QUERY PLAN'). */
export function cellByName(result: RunResult, row: number, name: string): unknown {
  const column = result.columns.findIndex((c) => c.name === name)
  return column === -1 ? undefined : result.rows.cell(row, column)
}
