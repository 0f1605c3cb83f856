/**
 * A result set as CSV, JSON or Markdown, for the grid's export and copy. The text is produced in
 * chunks of rows (a Blob takes the chunks as they are), so a million-row export never becomes one
 * giant string. Cells: NULL is empty in CSV and Markdown and null in JSON; JSON and arrays are
 * written as JSON; everything else as its text.
 */
export type ExportTable = {
  columns: string[]
  rowCount: number
  cell(row: number, column: number): unknown
}

export type ExportFormat = 'csv' | 'json' | 'markdown'

export const EXPORT_TYPES: Record<ExportFormat, { mime: string; extension: string }> = {
  csv: { mime: 'text/csv;charset=utf-8', extension: 'csv' },
  json: { mime: 'application/json;charset=utf-8', extension: 'json' },
  markdown: { mime: 'text/markdown;charset=utf-8', extension: 'md' },
}

const CHUNK_ROWS = 5_000

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function csvField(value: unknown): string {
  const text = cellText(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function markdownField(value: unknown): string {
  return cellText(value).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')
}

/** Column names made unique for JSON keys: a second `dup` becomes `dup_2`, so no value is lost. */
export function uniqueKeys(columns: string[]): string[] {
  const seen = new Map<string, number>()
  return columns.map((name) => {
    const n = (seen.get(name) ?? 0) + 1
    seen.set(name, n)
    return n === 1 ? name : `${name}_${n}`
  })
}

function* rowChunks(table: ExportTable, line: (row: number) => string, separator = '\n'): Generator<string> {
  for (let start = 0; start < table.rowCount; start += CHUNK_ROWS) {
    const lines: string[] = []
    for (let row = start; row < Math.min(table.rowCount, start + CHUNK_ROWS); row++) lines.push(line(row))
    yield (start === 0 ? '' : separator) + lines.join(separator)
  }
}

const cells = (table: ExportTable, row: number) => table.columns.map((_, column) => table.cell(row, column))

export function* exportChunks(table: ExportTable, format: ExportFormat): Generator<string> {
  if (format === 'csv') {
    yield table.columns.map(csvField).join(',') + '\r\n'
    for (const chunk of rowChunks(table, (row) => cells(table, row).map(csvField).join(','), '\r\n')) yield chunk
    if (table.rowCount > 0) yield '\r\n'
  } else if (format === 'markdown') {
    yield `| ${table.columns.map(markdownField).join(' | ')} |\n| ${table.columns.map(() => '---').join(' | ')} |\n`
    for (const chunk of rowChunks(table, (row) => `| ${cells(table, row).map(markdownField).join(' | ')} |`)) yield chunk
    if (table.rowCount > 0) yield '\n'
  } else {
    const keys = uniqueKeys(table.columns)
    const line = (row: number) => JSON.stringify(Object.fromEntries(keys.map((key, column) => [key, table.cell(row, column) ?? null])))
    yield '['
    for (const chunk of rowChunks(table, line, ',\n')) yield (chunk.startsWith(',') ? '' : '\n') + chunk
    yield table.rowCount > 0 ? '\n]\n' : ']\n'
  }
}

/** The whole export as one string (copying a selection, tests). */
export const exportText = (table: ExportTable, format: ExportFormat) => [...exportChunks(table, format)].join('')

/** The export as a file's content, built from chunks. */
export const exportBlob = (table: ExportTable, format: ExportFormat) => new Blob([...exportChunks(table, format)], { type: EXPORT_TYPES[format].mime })

/** A table from rows held by column (lib/sql/result-set.ts): cells by position, repeated names kept apart. */
export function tableFromColumns(columns: string[], rows: { readonly length: number; cell(row: number, column: number): unknown }): ExportTable {
  return { columns, rowCount: rows.length, cell: (row, column) => rows.cell(row, column) }
}
