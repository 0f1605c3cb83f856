/**
 * The tables a statement names after FROM, JOIN, UPDATE, INTO (and TABLE), with their aliases:
 * `from orders o`, `join public.users as u`, `from a, b x`. A reading for suggestions, not a
 * parser: subqueries and CTEs are read as if flat, and a name that is not a table of the catalog
 * simply finds nothing.
 */
import type { Token } from '../tokens'
import { identifierOf, RESERVED_WORDS } from './identifiers'
import type { CatalogTable, SchemaCatalog } from './catalog'

export type TableReference = { schema: string | null; name: string; alias: string | null }

/** Words after which a table name comes. */
export const TABLE_WORDS: ReadonlySet<string> = new Set(['from', 'join', 'into', 'update', 'table'])

/** Words that end a table reference rather than alias it (not reserved in Postgres, so listed here). */
const NOT_AN_ALIAS = new Set(['set', 'values', 'overriding', 'default'])

const isPunct = (token: Token | undefined, value: string) => token?.kind === 'punct' && token.value === value

function nameAt(sql: string, token: Token | undefined): string | null {
  if (token?.kind === 'word' && RESERVED_WORDS.has(token.value)) return null
  return identifierOf(sql, token)
}

export function tableReferences(sql: string, tokens: Token[]): TableReference[] {
  const refs: TableReference[] = []
  for (let i = 0; i < tokens.length; i++) {
    const keyword = tokens[i]
    if (keyword.kind !== 'word' || !TABLE_WORDS.has(keyword.value)) continue
    let j = i + 1
    for (;;) {
      if (tokens[j]?.value === 'only') j++
      let name = nameAt(sql, tokens[j])
      if (name === null) break
      let schema: string | null = null
      if (isPunct(tokens[j + 1], '.')) {
        schema = name
        name = nameAt(sql, tokens[j + 2])
        if (name === null) break
        j += 2
      }
      j++
      if (isPunct(tokens[j], '(')) {
        // INSERT's (or CREATE TABLE's) column list follows a table; in FROM a paren makes a function call.
        if (keyword.value === 'into' || keyword.value === 'table') refs.push({ schema, name, alias: null })
        break
      }
      if (tokens[j]?.kind === 'word' && tokens[j].value === 'as') j++
      const alias = tokens[j]?.kind === 'word' && NOT_AN_ALIAS.has(tokens[j].value) ? null : nameAt(sql, tokens[j])
      if (alias !== null) j++
      refs.push({ schema, name, alias })
      // `from a, b`: another table; elsewhere a comma belongs to something else.
      if (keyword.value !== 'from' || !isPunct(tokens[j], ',')) break
      j++
    }
  }
  return refs
}

/** The catalog's table for a name: exactly in its schema when given, else `public` first, then any schema. */
export function findTable(catalog: SchemaCatalog, schema: string | null, name: string): CatalogTable | undefined {
  if (schema !== null) return catalog.tables.find((t) => t.schema === schema && t.name === name)
  return catalog.tables.find((t) => t.schema === 'public' && t.name === name) ?? catalog.tables.find((t) => t.name === name)
}
