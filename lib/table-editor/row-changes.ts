/**
 * Inserting, changing and deleting rows: one statement each, values as literals (values.ts).
 * A row is found again by its primary key, from the values the editor was answered; a table
 * without one has no way to name a single row, so its rows are not changed here. An UPDATE or
 * DELETE answers the rows it touched, and anything but the count expected is a conflict
 * (rowCountProblem), never reported as done.
 */
import { ident, qualified, stringLiteral } from './sql-text'
import type { CellInput, ColumnInfo, Row, TableDetail } from './types'
import { cellText, literalFor } from './values'

function columnOf(table: TableDetail, name: string): ColumnInfo {
  const column = table.columns.find((c) => c.name === name)
  if (!column) throw new Error(`${table.name} has no column "${name}"`)
  return column
}

function requirePrimaryKey(table: TableDetail, doing: string): ColumnInfo[] {
  if (table.primaryKey.length === 0) throw new Error(`${table.name} has no primary key, so its rows cannot be ${doing} one by one here (use the SQL editor)`)
  return table.primaryKey.map((name) => columnOf(table, name))
}

/** The literal of a key value as the SQL endpoint answered it. */
function keyLiteral(table: TableDetail, column: ColumnInfo, row: Row): string {
  const text = cellText(column, row[column.name])
  if (text === null) throw new Error(`A row of ${table.name} without its key ${column.name} cannot be found again (read the rows again)`)
  return literalFor(column, text)
}

/** `pk = …` for one row: `a = 1 and b = 2` for a composite key. */
function rowMatch(table: TableDetail, key: ColumnInfo[], row: Row): string {
  return key.map((column) => `${ident(column.name)} = ${keyLiteral(table, column, row)}`).join(' and ')
}

/** INSERT … RETURNING *; columns left out take their default. */
export function insertRowSql(table: TableDetail, values: Record<string, CellInput>): string {
  const names = Object.keys(values)
  if (names.length === 0) return `insert into ${qualified(table)} default values returning *`
  const columns = names.map((name) => columnOf(table, name))
  return `insert into ${qualified(table)} (${columns.map((c) => ident(c.name)).join(', ')})\nvalues (${columns.map((c) => literalFor(c, values[c.name])).join(', ')})\nreturning *`
}

/**
 * `column is not distinct from <the value as answered>`: the cell still holds what the editor
 * showed. json has no equality of its own (compared as jsonb); arrays and the other types are
 * compared by their text through the column's type, since not every type has `=` (point, xml,
 * json[] …) and both sides print alike when they are the same value.
 */
function unchanged(column: ColumnInfo, row: Row): string {
  const text = cellText(column, row[column.name])
  const name = ident(column.name)
  if (text === null) return `${name} is null`
  if (column.category === 'json') return `${name}::jsonb is not distinct from ${stringLiteral(text)}::jsonb`
  const literal = literalFor(column, text)
  if (column.category === 'array' || column.category === 'other') return `${name}::text is not distinct from ${literal}::text`
  return `${name} is not distinct from ${literal}`
}

/**
 * UPDATE of one row found by its primary key (the row as answered before the edit), and only
 * while the changed cells still hold what the editor showed: a row deleted, re-keyed or edited in
 * another tab meanwhile is not matched, so the answer has no row (see rowCountProblem) instead of
 * the last writer silently winning. RETURNING *.
 * A table without a primary key cannot be edited: throws an Error saying so.
 */
export function updateRowSql(table: TableDetail, row: Row, changes: Record<string, CellInput>): string {
  const key = requirePrimaryKey(table, 'edited')
  const names = Object.keys(changes)
  if (names.length === 0) throw new Error('Nothing to change')
  const columns = names.map((name) => columnOf(table, name))
  const sets = columns.map((c) => `${ident(c.name)} = ${literalFor(c, changes[c.name])}`)
  const conditions = [rowMatch(table, key, row), ...columns.filter((c) => !table.primaryKey.includes(c.name)).map((c) => unchanged(c, row))]
  return `update ${qualified(table)}\nset ${sets.join(', ')}\nwhere ${conditions.join('\n  and ')}\nreturning *`
}

/** DELETE of the given rows by primary key (one statement), RETURNING the keys of those it found. */
export function deleteRowsSql(table: TableDetail, rows: Row[]): string {
  const key = requirePrimaryKey(table, 'deleted')
  if (rows.length === 0) throw new Error('No rows to delete')
  const returning = `\nreturning ${key.map((c) => ident(c.name)).join(', ')}`
  if (key.length === 1) {
    const [column] = key
    return `delete from ${qualified(table)}\nwhere ${ident(column.name)} in (${rows.map((row) => keyLiteral(table, column, row)).join(', ')})${returning}`
  }
  const tuples = rows.map((row) => `(${key.map((column) => keyLiteral(table, column, row)).join(', ')})`)
  return `delete from ${qualified(table)}\nwhere (${key.map((c) => ident(c.name)).join(', ')}) in (${tuples.join(', ')})${returning}`
}

/**
 * Why an UPDATE or DELETE of the editor's rows did not do what it was shown to do, from the rows
 * its RETURNING answered; null when it did. An UPDATE is one statement: no row answered means
 * nothing changed. A DELETE removed the rows it still found; the others were already gone.
 */
export function rowCountProblem(expected: number, answered: number): string | null {
  if (answered === expected) return null
  if (expected === 1) return 'This row changed or was deleted meanwhile (in another tab or by someone else), so nothing was changed: read the rows again and retry.'
  return `${answered.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} rows were deleted: the others changed or were deleted meanwhile. Read the rows again to see what is left.`
}
