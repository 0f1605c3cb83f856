/**
 * The two ways text enters the editor's SQL: as an identifier (quoted when it must be) or as a
 * string literal. Nothing else a user types is ever pasted into SQL.
 */
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'

/** Postgres cannot store the NUL character in text or names; say so before it gets confused. */
function refuseNul(text: string, what: string): void {
  if (text.includes('\u0000')) throw new Error(`${what} cannot contain the NUL character (Postgres does not store it)`)
}

/** A name as SQL: quoted when Postgres would otherwise read it differently. */
export function ident(name: string): string {
  if (name.length === 0) throw new Error('A name cannot be empty')
  refuseNul(name, 'A name')
  return quoteIdentifier(name)
}

/** `schema.name`, each part quoted as needed. */
export const qualified = (table: { schema: string; name: string }): string => `${ident(table.schema)}.${ident(table.name)}`

/**
 * A string literal: `E'…'` with backslashes and single quotes doubled. The `E` makes Postgres read
 * backslashes as escapes whatever `standard_conforming_strings` says (a database can be set to
 * `off`, and `RESET ALL` then brings that back), so the text arrives exactly as given; a plain
 * `'…'` would change meaning with that setting.
 */
export function stringLiteral(text: string): string {
  refuseNul(text, 'A value')
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}
