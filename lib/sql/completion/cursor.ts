/**
 * What is being typed at the cursor, read with the editor's lexer (lib/sql/tokens.ts) so that a
 * comment or a string is never taken for code. The trick: a letter is put at the cursor and the
 * text before it lexed. If the letter ends up in a word or in an open double-quoted identifier,
 * the cursor is in a name (being typed, or about to be); if it ends up inside a comment, a string
 * or a dollar-quoted body, it is not, and nothing is suggested.
 */
import { tokenize, type Token } from '../tokens'

const PROBE = 'x'

export type CursorContext = {
  /** Where the name being typed begins (its opening quote included); the offset when nothing is typed yet. */
  start: number
  /** True after an opening double quote: whatever is inserted must be quoted too. */
  quoted: boolean
  /** The tokens of the statement at the cursor, before the name being typed. */
  before: Token[]
  /** Parentheses open at the cursor. */
  depth: number
}

// The editor asks for the completions and then for where they go, with the same text: lex once.
let last: { sql: string; offset: number; context: CursorContext | null } | null = null

export function cursorContext(sql: string, offset: number): CursorContext | null {
  if (last?.sql === sql && last.offset === offset) return last.context
  const context = readContext(sql, offset)
  last = { sql, offset, context }
  return context
}

function readContext(sql: string, offset: number): CursorContext | null {
  const tokens = tokenize(sql.slice(0, offset) + PROBE)
  const probe = tokens[tokens.length - 1]
  if (!probe || probe.end !== offset + 1) return null // swallowed by a comment
  const previous = tokens[tokens.length - 2]
  let quoted: boolean
  if (probe.kind === 'word') {
    // Right after a closing quote ('abc'| or "abc"|): not the place for a name.
    if (previous?.kind === 'literal' && previous.end === probe.start) return null
    quoted = false
  } else if (probe.kind === 'literal' && sql[probe.start] === '"') quoted = true
  else return null // inside a string or a dollar-quoted body
  const before = tokens.slice(0, -1)
  let from = before.length
  while (from > 0 && !isStatementEnd(before[from - 1])) from--
  return { start: probe.start, quoted, before: before.slice(from), depth: probe.depth }
}

/** How far after the cursor a statement's aliases are looked for: a long script after it is not lexed for them. */
const LOOKAHEAD = 20_000

const isStatementEnd = (token: Token) => token.kind === 'punct' && token.value === ';' && token.depth === 0

/**
 * The tokens of the whole statement at the cursor, those after it too (`select o.| from orders o`
 * names its alias later). Only the text from the cursor on is lexed again: up to there the
 * context has it, and a name being typed starts where the lexer is in plain code.
 */
export function statementTokens(sql: string, context: CursorContext): Token[] {
  const tokens = [...context.before]
  let depth = context.depth
  for (const token of tokenize(sql.slice(context.start, context.start + LOOKAHEAD))) {
    // Depths counted on from the cursor's, as the lexer would have counted them over the whole text.
    if (token.kind === 'punct' && token.value === ')') depth = Math.max(0, depth - 1)
    const placed = { ...token, start: token.start + context.start, end: token.end + context.start, depth }
    if (isStatementEnd(placed)) break
    tokens.push(placed)
    if (token.kind === 'punct' && token.value === '(') depth++
  }
  return tokens
}
