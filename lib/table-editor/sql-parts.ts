/**
 * The two pieces of a change that are SQL by nature, not values: a type name and a default
 * expression. Both are checked to be exactly one such piece (no statement after it, no comment
 * hiding the rest of the line), so the SQL around them reads as it was written. A default is
 * written in parentheses: balanced ones inside it cannot close them, so `1, drop column secret`
 * stays one (invalid) expression instead of becoming a second clause of ALTER TABLE.
 */
import { tokenize } from '@/lib/sql/tokens'
import { FOREIGN_KEY_ACTIONS, type ForeignKeyAction } from './types'

const NAME = '(?:"(?:[^"\\u0000]|"")+"|[A-Za-z_\\u0080-\\uffff][A-Za-z0-9_$\\u0080-\\uffff]*)'
/** The words of Postgres' multi-word type names: `double precision`, `timestamp with time zone`, `interval day to second` … */
const TYPE_WORDS = '(?:precision|varying|with|without|time|zone|year|month|day|hour|minute|second|to)'
const TYPE = new RegExp(
  `^${NAME}(?:\\s*\\.\\s*${NAME})*(?:\\s+${TYPE_WORDS})*\\s*(?:\\(\\s*-?\\d+\\s*(?:,\\s*-?\\d+\\s*)*\\))?(?:\\s+${TYPE_WORDS})*(?:\\s*\\[\\s*\\d*\\s*\\])*$`,
  'i'
)

/** A type as Postgres spells it (`text`, `int8`, `numeric(10,2)`, `public.mood[]`, `"My Type"`). */
export function typeSql(type: string): string {
  const trimmed = type.trim()
  if (!TYPE.test(trimmed)) throw new Error(`"${type}" is not a type name`)
  return trimmed
}

/**
 * A default expression (`now()`, `'draft'`, `gen_random_uuid()`) as one parenthesized expression:
 * `(now())`, what follows DEFAULT.
 */
export function expressionSql(expression: string): string {
  const trimmed = expression.trim()
  if (trimmed === '') throw new Error('A default cannot be empty (leave it out for none)')
  if (trimmed.includes('\u0000')) throw new Error('A default cannot contain the NUL character')
  const text = `${trimmed}\n;`
  const tokens = tokenize(text)
  const end = tokens.at(-1)
  // An unterminated string or quoted name swallows the `;` that closes the probe.
  if (!end || end.kind !== 'punct' || end.value !== ';' || end.start !== text.length - 1) throw new Error(`The default ${trimmed} has an unterminated quote`)
  let open = 0
  let previousEnd = 0
  for (const token of tokens) {
    if (text.slice(previousEnd, token.start).trim() !== '') throw new Error(`The default ${trimmed} cannot hold a comment`)
    previousEnd = token.end
    if (token === end) break
    // In '…' a backslash is an escape only while standard_conforming_strings is off (a database
    // can be set so): the string could then end elsewhere than where it was checked to.
    if (token.kind === 'literal' && text[token.start] === "'" && text.slice(token.start, token.end).includes('\\'))
      throw new Error(`The default ${trimmed} has a backslash in a '…' string: write it as E'…' (a backslash as \\\\) so it means one thing`)
    if (token.kind !== 'punct') continue
    if (token.value === ';') throw new Error(`The default ${trimmed} must be one expression (no ";")`)
    if (token.value === '(') open++
    if (token.value === ')' && --open < 0) break
  }
  if (open !== 0) throw new Error(`The default ${trimmed} has unbalanced parentheses`)
  return `(${trimmed})`
}

export function onDeleteSql(action: ForeignKeyAction): string {
  if (!FOREIGN_KEY_ACTIONS.includes(action)) throw new Error(`"${String(action)}" is not an ON DELETE action`)
  return `on delete ${action.toLowerCase()}`
}

/** One statement as it is; several as one transaction, so a failing one leaves nothing behind. */
export function script(statements: string[]): string {
  if (statements.length === 0) throw new Error('Nothing to change')
  if (statements.length === 1) return statements[0]
  return `begin;\n${statements.join(';\n')};\ncommit;`
}
