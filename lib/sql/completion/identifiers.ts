/**
 * Identifiers as Postgres reads them: an unquoted name is folded to lower case (ASCII letters
 * only, as Postgres does in a multi-byte encoding), a double-quoted one is taken as written. A
 * name is written back with quotes when it would not survive that reading as it is: upper case,
 * spaces or punctuation, a leading digit, or a reserved word.
 */
import type { Token } from '../tokens'

/**
 * Postgres' reserved key words, those that cannot be a table or column name unquoted
 * (`select word from pg_get_keywords() where catcode in ('R', 'T')`, Postgres 18).
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set(
  `all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column
  concurrently constraint create cross current_catalog current_date current_role current_schema current_time
  current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from
  full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime
  localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning
  right select session_user similar some symmetric system_user table tablesample then to trailing true union unique user
  using variadic verbose when where window with`.split(/\s+/)
)

const PLAIN = /^[a-z_\u0080-\uffff][a-z0-9_$\u0080-\uffff]*$/

export function needsQuoting(name: string): boolean {
  return !PLAIN.test(name) || RESERVED_WORDS.has(name)
}

/** `name` as SQL text: quoted when it must be, or always with `force` (the user opened a quote). */
export function quoteIdentifier(name: string, force = false): string {
  return force || needsQuoting(name) ? `"${name.replace(/"/g, '""')}"` : name
}

/** The name a word or quoted-identifier token stands for; null for anything else. */
export function identifierOf(sql: string, token: Token | undefined): string | null {
  if (!token) return null
  const raw = sql.slice(token.start, token.end)
  if (token.kind === 'word') return raw.replace(/[A-Z]+/g, (s) => s.toLowerCase())
  if (token.kind === 'literal' && raw.startsWith('"')) return unquote(raw)
  return null
}

/** The name inside a double-quoted identifier, also one still being typed (no closing quote). */
export function unquote(raw: string): string {
  let name = ''
  let i = 1
  while (i < raw.length) {
    if (raw[i] !== '"') name += raw[i++]
    else if (raw[i + 1] === '"') {
      name += '"'
      i += 2
    } else break // the closing quote
  }
  return name
}
