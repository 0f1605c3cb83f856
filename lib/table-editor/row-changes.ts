/**
 * Inserting, changing and deleting rows: one statement each, values as literals (values.ts).
 * A row is found again by its primary key, from the values the editor was answered; a table
 * without one has no way to name a single row, so its rows are not changed here.
 */
import { ident, qualified } from './sql-text'
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
 * UPDATE of one row found by its primary key (the row as answered before the edit), RETURNING *.
 * A table without a primary key cannot be edited: throws an Error saying so.
 */
export function updateRowSql(table: TableDetail, row: Row, changes: Record<string, CellInput>): string {
  const key = requirePrimaryKey(table, 'edited')
  const names = Object.keys(changes)
  if (names.length === 0) throw new Error('Nothing to change')
  const sets = names.map((name) => columnOf(table, name)).map((c) => `${ident(c.name)} = ${literalFor(c, changes[c.name])}`)
  return `update ${qualified(table)}\nset ${sets.join(', ')}\nwhere ${rowMatch(table, key, row)}\nreturning *`
}

/** DELETE of the given rows by primary key (one statement). */
export function deleteRowsSql(table: TableDetail, rows: Row[]): string {
  const key = requirePrimaryKey(table, 'deleted')
  if (rows.length === 0) throw new Error('No rows to delete')
  if (key.length === 1) {
    const [column] = key
    return `delete from ${qualified(table)}\nwhere ${ident(column.name)} in (${rows.map((row) => keyLiteral(table, column, row)).join(', ')})`
  }
  const tuples = rows.map((row) => `(${key.map((column) => keyLiteral(table, column, row)).join(', ')})`)
  return `delete from ${qualified(table)}\nwhere (${key.map((c) => ident(c.name)).join(', ')}) in (${tuples.join(', ')})`
}
