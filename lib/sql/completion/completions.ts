/**
 * What to suggest at a cursor in SQL text, from the project's catalog. Plain objects, so the
 * Monaco provider (components/interfaces/SQLEditor/useSchemaCompletion.ts) only maps them; the
 * editor filters them by what is typed.
 *
 * - `schema.` → that schema's tables, views and functions;
 * - `table.` or `alias.` (aliases of the statement at the cursor, also those written after it) →
 *   that table's columns, in table order; `schema.table.` too;
 * - after FROM, JOIN, INTO, UPDATE, TABLE (and a comma in a FROM list) → tables (public ones
 *   plain and first, others schema-qualified) and schemas;
 * - anywhere else → the columns of the tables the statement names, tables, functions, keywords;
 * - inside a comment or a string, or right after one → nothing.
 */
import type { Token } from '../tokens'
import type { CatalogTable, SchemaCatalog } from './catalog'
import { cursorContext, statementTokens, type CursorContext } from './cursor'
import { identifierOf, quoteIdentifier } from './identifiers'
import { SQL_KEYWORDS } from './keywords'
import { findTable, TABLE_WORDS, tableReferences } from './references'

export type CompletionKind = 'schema' | 'table' | 'view' | 'column' | 'function' | 'keyword'

export type Completion = {
  label: string
  kind: CompletionKind
  insertText: string
  detail: string
  /** Orders the list: columns, then tables, functions, schemas, keywords. */
  sortText: string
  /** Set after an opening quote: the editor matches what is typed, quote included, against this. */
  filterText?: string
}

export type CompletionOptions = {
  /**
   * The character that opened the list by itself. After a space only a place for a table name
   * answers: a list after every space anywhere else would be in the way of typing.
   */
  triggerCharacter?: string
}

const GROUP = { column: '0', table: '1', otherTable: '2', function: '3', schema: '4', keyword: '5' }

type Quote = (name: string) => string

/** Where the text a completion replaces begins: the name being typed, its opening quote included. */
export function completionStart(sql: string, offset: number): number {
  return cursorContext(sql, offset)?.start ?? offset
}

export function completionsAt(catalog: SchemaCatalog, sql: string, offset: number, options: CompletionOptions = {}): Completion[] {
  const context = cursorContext(sql, offset)
  if (!context) return []
  const { before, quoted } = context
  const quote: Quote = (name) => quoteIdentifier(name, quoted)
  const items = (() => {
    const last = before[before.length - 1]
    if (last?.kind === 'punct' && last.value === '.') return afterDot(catalog, sql, context, quote)
    if (inTablePosition(before, before.length)) return tableItems(catalog, quote).concat(schemaItems(catalog, quote))
    if (options.triggerCharacter === ' ') return []
    return [
      ...columnItems(referencedTables(catalog, sql, statementTokens(sql, context)), quote),
      ...tableItems(catalog, quote),
      ...functionItems(catalog, null, quote),
      ...(quoted ? [] : keywordItems(sql.slice(context.start, offset))),
    ]
  })()
  return quoted ? items.map((item) => ({ ...item, filterText: item.insertText })) : items
}

/** `q.` or `s.q.` right before the cursor. */
function afterDot(catalog: SchemaCatalog, sql: string, context: CursorContext, quote: Quote): Completion[] {
  const { before } = context
  const n = before.length
  const qualifier = identifierOf(sql, before[n - 2])
  if (qualifier === null) return [] // `1.`, `).`: not a name
  const first = before[n - 3]?.kind === 'punct' && before[n - 3].value === '.' ? n - 4 : n - 2
  if (first === n - 4) {
    const schema = identifierOf(sql, before[n - 4])
    const table = schema === null ? undefined : findTable(catalog, schema, qualifier)
    return table ? columnItems([table], quote) : []
  }
  const schemaItemsOf = () => [...tableItems(catalog, quote, qualifier), ...functionItems(catalog, qualifier, quote)]
  // In a table's place `x.` can only be a schema.
  if (inTablePosition(before, first)) return catalog.schemas.includes(qualifier) ? schemaItemsOf() : []
  const refs = tableReferences(sql, statementTokens(sql, context))
  const ref = refs.find((r) => r.alias === qualifier) ?? refs.find((r) => r.alias === null && r.name === qualifier)
  const table = ref ? findTable(catalog, ref.schema, ref.name) : undefined
  if (table) return columnItems([table], quote)
  if (catalog.schemas.includes(qualifier)) return schemaItemsOf()
  const anyTable = findTable(catalog, null, qualifier)
  return anyTable ? columnItems([anyTable], quote) : []
}

/** Whether a table name belongs at `tokens[index]`: after FROM, JOIN …, or after a comma of a FROM list. */
function inTablePosition(tokens: Token[], index: number): boolean {
  const previous = tokens[index - 1]
  if (!previous) return false
  if (previous.kind === 'word') return TABLE_WORDS.has(previous.value)
  if (previous.kind !== 'punct' || previous.value !== ',') return false
  // The clause this comma is in: the nearest clause word before it, at its paren depth.
  for (let i = index - 2; i >= 0; i--) {
    const token = tokens[i]
    if (token.depth !== previous.depth || token.kind !== 'word') continue
    if (token.value === 'from') return true
    if (CLAUSE_WORDS.has(token.value)) return false
  }
  return false
}

const CLAUSE_WORDS = new Set(['select', 'where', 'join', 'on', 'using', 'group', 'order', 'having', 'set', 'values', 'returning', 'into', 'limit', 'window'])

function referencedTables(catalog: SchemaCatalog, sql: string, statement: Token[]): CatalogTable[] {
  const tables: CatalogTable[] = []
  for (const ref of tableReferences(sql, statement)) {
    const table = findTable(catalog, ref.schema, ref.name)
    if (table && !tables.includes(table)) tables.push(table)
  }
  return tables
}

function columnItems(tables: CatalogTable[], quote: Quote): Completion[] {
  const seen = new Set<string>()
  const items: Completion[] = []
  for (const table of tables) {
    table.columns.forEach((column, index) => {
      if (seen.has(column.name)) return // the same name in two tables: one suggestion (the first table's)
      seen.add(column.name)
      items.push({
        label: column.name,
        kind: 'column',
        insertText: quote(column.name),
        detail: `${column.type} · ${table.name}`,
        // Table order, not alphabetical: the order the columns were designed in.
        sortText: `${GROUP.column}${String(tables.indexOf(table)).padStart(3, '0')}${String(index).padStart(4, '0')}`,
      })
    })
  }
  return items
}

/** Tables and views: of `schema` (unqualified), or of all schemas (public ones plain, others qualified). */
function tableItems(catalog: SchemaCatalog, quote: Quote, schema?: string): Completion[] {
  return catalog.tables
    .filter((t) => schema === undefined || t.schema === schema)
    .map((t): Completion => {
      const plain = schema !== undefined || t.schema === 'public'
      const label = plain ? t.name : `${t.schema}.${t.name}`
      return {
        label,
        kind: t.kind === 'view' || t.kind === 'materialized view' ? 'view' : 'table',
        insertText: plain ? quote(t.name) : `${quote(t.schema)}.${quote(t.name)}`,
        detail: `${t.kind} · ${t.columns.length} column${t.columns.length === 1 ? '' : 's'}`,
        sortText: `${plain ? GROUP.table : GROUP.otherTable}${label}`,
      }
    })
}

/** Functions of `schema` (unqualified), or of all schemas (public ones plain, others qualified); overloads once. */
function functionItems(catalog: SchemaCatalog, schema: string | null, quote: Quote): Completion[] {
  const byName = new Map<string, Completion & { overloads: number }>()
  for (const f of catalog.functions) {
    if (schema !== null && f.schema !== schema) continue
    const plain = schema !== null || f.schema === 'public'
    const label = plain ? f.name : `${f.schema}.${f.name}`
    const known = byName.get(label)
    if (known) {
      known.overloads++
      continue
    }
    byName.set(label, {
      label,
      kind: 'function',
      insertText: plain ? quote(f.name) : `${quote(f.schema)}.${quote(f.name)}`,
      detail: `(${f.args}) → ${f.returns}`,
      sortText: `${GROUP.function}${label}`,
      overloads: 0,
    })
  }
  return [...byName.values()].map(({ overloads, ...item }) =>
    overloads ? { ...item, detail: `${item.detail} (+${overloads} more)` } : item
  )
}

function schemaItems(catalog: SchemaCatalog, quote: Quote): Completion[] {
  return catalog.schemas.map((name): Completion => ({ label: name, kind: 'schema', insertText: quote(name), detail: 'schema', sortText: `${GROUP.schema}${name}` }))
}

/** Keywords in the case the user is typing in: `SEL` gets SELECT, anything else lower case. */
function keywordItems(typed: string): Completion[] {
  const upper = /[A-Z]/.test(typed) && typed === typed.toUpperCase()
  return SQL_KEYWORDS.map((word): Completion => {
    const text = upper ? word.toUpperCase() : word
    return { label: text, kind: 'keyword', insertText: text, detail: 'keyword', sortText: `${GROUP.keyword}${word}` }
  })
}
