/**
 * The SQL editor's row limit (100 by default): appended to a single SELECT that has no LIMIT (or
 * FETCH FIRST) of its own, so an accidental `select * from big_table` answers a screenful. Left
 * alone: several statements, anything but a query, SELECT … INTO (it makes a table), a locking
 * clause (LIMIT must come before it), and a LIMIT already there. Judged on tokens (tokens.ts), so
 * comments and strings never confuse it; the limit goes right after the last token, before a
 * trailing semicolon or comment.
 */
import { statements } from './tokens'

export const ROW_LIMIT_OPTIONS = [100, 500, 1000, null] as const
export type RowLimit = (typeof ROW_LIMIT_OPTIONS)[number]

export type RowLimitOutcome = { sql: string; applied: boolean }

const STOPPERS = new Set(['limit', 'fetch', 'into', 'for'])

export function applyRowLimit(sql: string, limit: RowLimit): RowLimitOutcome {
  if (limit === null) return { sql, applied: false }
  const all = statements(sql)
  if (all.length !== 1) return { sql, applied: false }
  const { tokens } = all[0]
  const head = tokens[0]
  if (head.kind !== 'word' || (head.value !== 'select' && head.value !== 'with' && head.value !== 'values' && head.value !== 'table')) return { sql, applied: false }
  if (head.value === 'with') {
    // The main command is the first top-level word after a closing paren that is not part of the CTE list.
    const main = tokens.find((t, i) => i > 0 && t.depth === 0 && t.kind === 'word' && tokens[i - 1].value === ')' && t.value !== 'as')
    if (main?.value !== 'select' && main?.value !== 'values' && main?.value !== 'table') return { sql, applied: false }
  }
  if (tokens.some((t) => t.depth === 0 && t.kind === 'word' && STOPPERS.has(t.value))) return { sql, applied: false }
  const end = tokens[tokens.length - 1].end
  return { sql: `${sql.slice(0, end)} limit ${limit}${sql.slice(end)}`, applied: true }
}
