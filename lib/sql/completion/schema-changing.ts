/**
 * Whether running some SQL may have changed what the catalog holds (lib/sql/completion/catalog.ts),
 * so the editor's autocomplete reloads it. Read with the editor's lexer: a word in a comment, a
 * string or a function body does not count. A false alarm costs one catalog query; a miss leaves
 * suggestions stale until they expire, so when in doubt it says yes.
 */
import { statements } from '../tokens'

/**
 * Statements that define, change or drop objects (any CREATE counts: a policy or a trigger too),
 * plus DO, whose body cannot be seen into and is most often DDL, and IMPORT FOREIGN SCHEMA.
 */
const CHANGING = new Set(['create', 'alter', 'drop', 'comment', 'grant', 'revoke', 'import', 'do'])

export function isSchemaChanging(sql: string): boolean {
  return statements(sql).some(({ tokens }) => {
    const words = tokens.filter((t) => t.kind === 'word' && t.depth === 0)
    const first = words[0]?.value
    if (first === undefined) return false
    if (CHANGING.has(first)) return true
    // SELECT … INTO new_table creates a table.
    return first === 'select' && words.some((t) => t.value === 'into')
  })
}
