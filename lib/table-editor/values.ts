/**
 * Values between the editor and SQL. An editor hands over text as Postgres reads it for the
 * column's type (`42`, `2024-01-31`, `{1,2}`, `{"a":1}`); literalFor makes it one string literal
 * cast to the column's type, so the value never becomes SQL of its own. cellText is the way
 * back: the text an editor starts from for a value the SQL endpoint answered.
 */
import { stringLiteral } from './sql-text'
import type { CellInput, ColumnInfo } from './types'

const NUMBER = /^[+-]?(?:(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:e[+-]?\d+)?|0x[\da-f_]+|0o[0-7_]+|0b[01_]+|nan|inf|infinity)$/i
const TRUE = /^(?:t|true|y|yes|on|1)$/i
const FALSE = /^(?:f|false|n|no|off|0)$/i

/**
 * The SQL literal for what an editor handed over, cast to the column's type (`'…'::type`, NULL,
 * DEFAULT). Numbers, booleans and JSON are checked here so that the message names the column;
 * every other type is checked by Postgres itself (its message is shown as it is).
 */
export function literalFor(column: ColumnInfo, input: CellInput): string {
  if (input === null) return 'NULL'
  if (typeof input === 'object') return 'DEFAULT'
  return `${stringLiteral(textFor(column, input))}::${column.type}`
}

function textFor(column: ColumnInfo, input: string): string {
  switch (column.category) {
    case 'number': {
      const text = input.trim()
      if (!NUMBER.test(text)) throw new Error(`${column.name}: "${input}" is not a number`)
      return text
    }
    case 'boolean': {
      const text = input.trim()
      if (TRUE.test(text)) return 'true'
      if (FALSE.test(text)) return 'false'
      throw new Error(`${column.name}: "${input}" is not true or false`)
    }
    case 'json':
      try {
        JSON.parse(input)
      } catch (error) {
        throw new Error(`${column.name}: not valid JSON (${(error as Error).message})`)
      }
      return input
    case 'array':
      return arrayText(input)
    default:
      return input
  }
}

/**
 * An array as Postgres array literal text (`{1,2}`, `{"a b",NULL}`), taken as it is. A JSON array
 * (`[1, "a b", null]`) is accepted too and turned into that text: every element double-quoted
 * (Postgres reads `"1"` as 1 for an int[]), NULL for null, nested arrays as nested braces, and
 * objects as their JSON (for json[] and jsonb[]).
 */
function arrayText(input: string): string {
  if (!input.trimStart().startsWith('[')) return input
  let parsed: unknown
  try {
    parsed = JSON.parse(input)
  } catch {
    return input // `[1:2]={1,2}`: Postgres' own syntax with bounds
  }
  return Array.isArray(parsed) ? pgArray(parsed) : input
}

function pgArray(items: unknown[]): string {
  return `{${items.map(pgArrayElement).join(',')}}`
}

function pgArrayElement(item: unknown): string {
  if (item === null || item === undefined) return 'NULL'
  if (Array.isArray(item)) return pgArray(item)
  const text = typeof item === 'string' ? item : JSON.stringify(item)
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`
}

/**
 * The text an editor starts from for a value the SQL endpoint answered (numbers, booleans,
 * embedded JSON for json/jsonb, the Postgres text for the rest): what literalFor reads back into
 * the same value. Null for NULL.
 */
export function cellText(column: ColumnInfo, value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (column.category === 'json') return JSON.stringify(value)
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value)
}
