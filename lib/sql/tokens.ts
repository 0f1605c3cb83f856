/**
 * A small SQL lexer for the checks the editor makes before running (destructive statements, the
 * row limit): words and punctuation with their positions and paren depth, statements split at
 * top-level semicolons. Comments (nested block comments too), string literals (standard, E'' with
 * backslash escapes, dollar-quoted with tags) and quoted identifiers are consumed whole, so a word
 * inside them is never mistaken for a keyword.
 */
export type Token = {
  /** Lower-cased for words; the character itself for punctuation; '' for literals. */
  value: string
  kind: 'word' | 'literal' | 'punct'
  start: number
  end: number
  /** Parentheses open around it (0 at the statement's top level). */
  depth: number
}

export type Statement = { tokens: Token[]; start: number; end: number }

const WORD = /[A-Za-z_\u0080-\uffff]/
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/

/** Index just past a quoted run starting at `i` (the opening quote), doubled quotes escaping. */
function pastQuoted(sql: string, i: number, quote: string, backslashEscapes: boolean): number {
  let j = i + 1
  while (j < sql.length) {
    const c = sql[j]
    if (backslashEscapes && c === '\\') j += 2
    else if (c === quote) {
      if (sql[j + 1] === quote) j += 2
      else return j + 1
    } else j++
  }
  return sql.length // unterminated: Postgres will say so; nothing after it is code
}

function pastBlockComment(sql: string, i: number): number {
  let depth = 1
  let j = i + 2
  while (j < sql.length && depth > 0) {
    if (sql[j] === '/' && sql[j + 1] === '*') {
      depth++
      j += 2
    } else if (sql[j] === '*' && sql[j + 1] === '/') {
      depth--
      j += 2
    } else j++
  }
  return j
}

export function tokenize(sql: string): Token[] {
  const tokens: Token[] = []
  let depth = 0
  let i = 0
  while (i < sql.length) {
    const c = sql[i]
    const next = sql[i + 1]
    if (/\s/.test(c)) {
      i++
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i + 2)
      i = end === -1 ? sql.length : end + 1
    } else if (c === '/' && next === '*') {
      i = pastBlockComment(sql, i)
    } else if (c === "'") {
      const end = pastQuoted(sql, i, "'", false)
      tokens.push({ value: '', kind: 'literal', start: i, end, depth })
      i = end
    } else if ((c === 'e' || c === 'E') && next === "'") {
      const end = pastQuoted(sql, i + 1, "'", true)
      tokens.push({ value: '', kind: 'literal', start: i, end, depth })
      i = end
    } else if (c === '"') {
      const end = pastQuoted(sql, i, '"', false)
      tokens.push({ value: '', kind: 'literal', start: i, end, depth })
      i = end
    } else if (c === '$' && DOLLAR_TAG.test(sql.slice(i, i + 64))) {
      const tag = sql.slice(i).match(DOLLAR_TAG)![0]
      const close = sql.indexOf(tag, i + tag.length)
      const end = close === -1 ? sql.length : close + tag.length
      tokens.push({ value: '', kind: 'literal', start: i, end, depth })
      i = end
    } else if (WORD.test(c)) {
      let j = i + 1
      while (j < sql.length && WORD_PART.test(sql[j])) j++
      tokens.push({ value: sql.slice(i, j).toLowerCase(), kind: 'word', start: i, end: j, depth })
      i = j
    } else if (c === '(') {
      tokens.push({ value: c, kind: 'punct', start: i, end: i + 1, depth })
      depth++
      i++
    } else if (c === ')') {
      depth = Math.max(0, depth - 1)
      tokens.push({ value: c, kind: 'punct', start: i, end: i + 1, depth })
      i++
    } else {
      tokens.push({ value: c, kind: 'punct', start: i, end: i + 1, depth })
      i++
    }
  }
  return tokens
}

/** The statements of `sql`, split at top-level semicolons; empty ones (only comments) left out. */
export function statements(sql: string): Statement[] {
  const result: Statement[] = []
  let current: Token[] = []
  const flush = () => {
    if (current.length) result.push({ tokens: current, start: current[0].start, end: current[current.length - 1].end })
    current = []
  }
  for (const token of tokenize(sql)) {
    if (token.kind === 'punct' && token.value === ';' && token.depth === 0) flush()
    else current.push(token)
  }
  flush()
  return result
}
