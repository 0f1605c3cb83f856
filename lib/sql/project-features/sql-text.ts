/**
 * Values and names as SQL text for the statements the project feature pages show before they run
 * them. One function makes every literal, so that no value is ever pasted in raw.
 */
import { quoteIdentifier } from '../completion/identifiers'

/** Postgres text cannot hold NUL: refused here, with words a person understands. */
export function assertNoNul(value: string, what: string): void {
  if (value.includes('\u0000')) throw new Error(`${what} must not contain a NUL character`)
}

/**
 * A string literal. Quotes are doubled; a value with a backslash is written as E'…' with the
 * backslashes doubled too, so that it means the same whatever standard_conforming_strings says.
 */
export function sqlLiteral(value: string): string {
  assertNoNul(value, 'A value')
  const quoted = value.replace(/'/g, "''")
  return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`
}

/** A literal, or NULL for null. */
export const sqlLiteralOrNull = (value: string | null): string => (value === null ? 'null' : sqlLiteral(value))

/** An identifier, always quoted (a name from the catalog may need it, and quoting never hurts). */
export function sqlIdentifier(name: string): string {
  assertNoNul(name, 'A name')
  return quoteIdentifier(name, true)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A uuid literal; anything else is refused before it reaches SQL. */
export function uuidLiteral(id: string): string {
  if (!UUID.test(id)) throw new Error('Not a secret id')
  return `'${id.toLowerCase()}'::uuid`
}

/**
 * The first row's `column` from the SQL endpoint's answer (the last statement's rows), as JSON:
 * json arrives embedded; a driver that hands it over as text is understood too.
 */
export function jsonColumn(rows: unknown, column: string): unknown {
  const row = Array.isArray(rows) ? (rows[0] as Record<string, unknown> | undefined) : undefined
  const value = row?.[column]
  return typeof value === 'string' ? JSON.parse(value) : value
}
