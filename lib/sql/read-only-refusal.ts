/**
 * What a member without write access is told when their SQL tries to write. The read-only
 * arrangement refuses a write in PostgreSQL's terms: "cannot execute INSERT in a read-only
 * transaction", or "permission denied" where the read-only role lacks a privilege. Either way the
 * person should read that their role cannot write, and which statement did: this module names it.
 */
import { statements, type Token } from './tokens'

/** Statements that change something, named as PostgreSQL names them (first keyword). */
const WRITES = new Set([
  'insert', 'update', 'delete', 'merge', 'truncate', 'create', 'drop', 'alter', 'grant', 'revoke', 'comment',
  'vacuum', 'analyze', 'analyse', 'reindex', 'cluster', 'refresh', 'lock', 'call', 'do', 'copy', 'security', 'reassign',
])
/** Words between CREATE/DROP/ALTER and the object's kind that PostgreSQL leaves out of the name. */
const SKIPPED = new Set(['or', 'replace', 'temp', 'temporary', 'unlogged', 'unique', 'global', 'local', 'if', 'not', 'exists', 'trusted', 'procedural', 'recursive'])
/** Words that belong to the kind's name ("MATERIALIZED VIEW", "FOREIGN TABLE", "EVENT TRIGGER" …). */
const KIND_PREFIX = new Set(['materialized', 'foreign', 'event', 'text', 'access', 'default', 'user', 'operator'])
const CTE_WRITES = new Set(['insert', 'update', 'delete', 'merge'])

function nameOf(words: Token[]): string {
  const [first, ...rest] = words.map((t) => t.value)
  if (first === 'analyse') return 'ANALYZE'
  if (first !== 'create' && first !== 'drop' && first !== 'alter') return first.toUpperCase()
  const kind: string[] = []
  for (const word of rest) {
    if (SKIPPED.has(word) && kind.length === 0) continue
    kind.push(word)
    if (!KIND_PREFIX.has(word)) break
  }
  return [first, ...kind].join(' ').toUpperCase()
}

/** The first statement of `sql` that writes, named ("INSERT", "CREATE TABLE" …), or null when none does. */
export function writeCommandOf(sql: string): string | null {
  for (const statement of statements(sql)) {
    const words = statement.tokens.filter((t) => t.kind === 'word')
    const first = words[0]?.value
    if (!first) continue
    if (WRITES.has(first)) return nameOf(words)
    if (first === 'with') {
      // A data-modifying CTE, or WITH … followed by the write itself.
      const write = statement.tokens.find((t, i) => t.kind === 'word' && CTE_WRITES.has(t.value) && (t.depth === 0 || statement.tokens[i - 1]?.value === '('))
      if (write) return write.value.toUpperCase()
    }
  }
  return null
}

/**
 * The message for a member whose role cannot write, when `error` (a Postgres error from their
 * SQL) is the read-only arrangement refusing a write; null when it is some other error.
 */
export function readOnlyRefusal(sql: string, error: { message: string; code?: string }, roleName: string): string | null {
  const fromServer = error.code === '25006' ? /^cannot execute (.+) in a read-only transaction/.exec(error.message)?.[1] : undefined
  // A privilege error is the arrangement's doing only when the SQL does write; a syntax error is the SQL's own.
  const command = fromServer ?? (error.code === '42501' ? writeCommandOf(sql) : null)
  return command ? `Your role (${roleName}) can only read: ${command} is not allowed.` : null
}
