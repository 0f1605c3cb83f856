/**
 * Statements worth a confirmation before they run (issue: drop, truncate, delete, update without
 * where, alter … drop). Judged on tokens (tokens.ts), so words in comments, strings, dollar-quoted
 * bodies and quoted identifiers do not count, and DELETE as a privilege, a policy's command or a
 * trigger's event (`grant delete`, `for delete`, `before delete`, `on delete cascade`) is not a
 * DELETE statement.
 */
import { statements, type Token } from './tokens'

export type DestructiveKind = 'drop' | 'truncate' | 'delete' | 'update without where' | 'alter drop'

export type DestructiveStatement = { kind: DestructiveKind; start: number; end: number }

/** What ALTER … DROP may drop without losing data. */
const HARMLESS_ALTER_DROPS = new Set(['default', 'not', 'identity', 'expression'])

/** Whether token i starts a command: first of the statement, or first inside parentheses (a CTE's or a subquery's body). */
function startsCommand(tokens: Token[], i: number): boolean {
  return i === 0 || (tokens[i - 1].kind === 'punct' && tokens[i - 1].value === '(')
}

/** Whether a WHERE follows token i at its own depth, before its command ends (a closing paren or the statement's end). */
function hasWhere(tokens: Token[], i: number): boolean {
  const depth = tokens[i].depth
  for (let j = i + 1; j < tokens.length; j++) {
    const t = tokens[j]
    if (t.depth < depth) return false
    if (t.depth === depth && t.kind === 'word' && t.value === 'where') return true
    if (t.depth === depth && t.kind === 'word' && t.value === 'returning') return false
  }
  return false
}

function kindOf(tokens: Token[]): DestructiveKind | null {
  const head = tokens[0]
  if (head.kind === 'word' && head.value === 'drop') return 'drop'
  if (head.kind === 'word' && head.value === 'truncate') return 'truncate'
  if (head.kind === 'word' && head.value === 'alter') {
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i]
      if (t.depth === 0 && t.kind === 'word' && t.value === 'drop' && !HARMLESS_ALTER_DROPS.has(tokens[i + 1]?.value ?? '')) return 'alter drop'
    }
    return null
  }
  // DML, also inside a WITH: `with gone as (delete from t returning *) select …`.
  const definesSomething = head.kind === 'word' && ['create', 'grant', 'revoke', 'comment', 'alter'].includes(head.value)
  if (definesSomething) return null
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.kind !== 'word' || !startsCommand(tokens, i)) continue
    if (t.value === 'delete') return 'delete'
    if (t.value === 'update' && !hasWhere(tokens, i)) return 'update without where'
  }
  // The main command of a WITH comes after its CTE list, at depth 0.
  if (head.kind === 'word' && head.value === 'with') {
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i]
      if (t.depth !== 0 || t.kind !== 'word') continue
      if (t.value === 'delete' && tokens[i - 1]?.value === ')') return 'delete'
      if (t.value === 'update' && tokens[i - 1]?.value === ')' && !hasWhere(tokens, i)) return 'update without where'
    }
  }
  return null
}

export function findDestructiveStatements(sql: string): DestructiveStatement[] {
  const found: DestructiveStatement[] = []
  for (const statement of statements(sql)) {
    const kind = kindOf(statement.tokens)
    if (kind) found.push({ kind, start: statement.start, end: statement.end })
  }
  return found
}
