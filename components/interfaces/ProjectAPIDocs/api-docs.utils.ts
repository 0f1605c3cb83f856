/**
 * Pure pieces of the API docs: where a section lives in `appState.activeDocsSection`, how a name
 * is written where it lands (a supabase-js argument, a URL path, a PostgREST column reference), and
 * example values per column type. The snippets themselves are in api-docs.snippets.ts.
 */
import type { DocsColumn, DocsFunction, DocsTable } from '@/lib/sql/api-docs-catalog'

// ——— Sections ———————————————————————————————————————————————————————————————

export type DocsSection =
  | { kind: 'introduction' }
  | { kind: 'authentication' }
  | { kind: 'client-libraries' }
  | { kind: 'table'; schema: string; name: string }
  /** `identity`: the input argument types, which tell overloads apart. */
  | { kind: 'function'; schema: string; name: string; identity: string }

export const INTRODUCTION: DocsSection = { kind: 'introduction' }
export const AUTHENTICATION: DocsSection = { kind: 'authentication' }
export const CLIENT_LIBRARIES_SECTION: DocsSection = { kind: 'client-libraries' }

/** The section as stored in `appState.activeDocsSection` (default `['introduction']`). */
export function sectionPath(section: DocsSection): string[] {
  if (section.kind === 'table') return ['tables', section.schema, section.name]
  if (section.kind === 'function') return ['functions', section.schema, section.name, section.identity]
  return [section.kind]
}

/** The stored path as a section; anything unknown is the introduction. */
export function sectionFromPath(path: readonly string[]): DocsSection {
  if (path[0] === 'client-libraries') return CLIENT_LIBRARIES_SECTION
  if (path[0] === 'authentication') return AUTHENTICATION
  if (path[0] === 'tables' && path.length === 3) return { kind: 'table', schema: path[1], name: path[2] }
  if (path[0] === 'functions' && path.length === 4) return { kind: 'function', schema: path[1], name: path[2], identity: path[3] }
  return INTRODUCTION
}

/** One string per section, for a `<select>` value (a NUL cannot occur in a Postgres name). */
export const sectionValue = (section: DocsSection) => sectionPath(section).join('\u0000')
export const sectionFromValue = (value: string) => sectionFromPath(value.split('\u0000'))

export const tableSection = (t: Pick<DocsTable, 'schema' | 'name'>): DocsSection => ({ kind: 'table', schema: t.schema, name: t.name })
export const functionSection = (f: Pick<DocsFunction, 'schema' | 'name' | 'identity'>): DocsSection => ({
  kind: 'function',
  schema: f.schema,
  name: f.name,
  identity: f.identity,
})

// ——— Names ————————————————————————————————————————————————————————————————————

/**
 * A table or function name as one URL path segment: percent-encoded, and `.` / `..` spelled
 * `%2E`, which URL parsers and curl would otherwise resolve away.
 */
export function pathSegment(name: string): string {
  return /^\.{1,2}$/.test(name) ? name.replace(/\./g, '%2E') : encodeURIComponent(name)
}

/**
 * A table or function name as supabase-js' `from()` / `rpc()` take it: they append the name to the
 * URL as it is, so a plain name stays plain and only a name with `?`, `#`, `%`, `/` or `\` (or a
 * name of dots) is written percent-encoded, which PostgREST decodes back.
 */
export function clientRelation(name: string): string {
  return /[?#%/\\]/.test(name) || /^\.{1,2}$/.test(name) ? pathSegment(name) : name
}

/** Names PostgREST's query syntax (select, filters, order) reads bare. */
const BARE = /^[\p{L}\p{N}_$]+$/u

/**
 * A column as PostgREST's query syntax refers to it (the `select` list, a filter's key, `order`):
 * bare when it is letters, digits and `_`; otherwise in double quotes. A name with a double quote in
 * it cannot be written there at all: null.
 */
export function columnRef(name: string): string | null {
  if (BARE.test(name)) return name
  return name.includes('"') ? null : `"${name}"`
}

// ——— Example values —————————————————————————————————————————————————————————

const NUMERIC = /^(smallint|integer|bigint|numeric|decimal|real|double precision|oid)\b/
const TEXT = /^(text|character varying|character|varchar|char|citext|name)\b/

export type SampleValue = string | number | boolean | null | [] | Record<string, never>

/** An example value of a column of this type (format_type's text), as JSON; null when there is no obvious one. */
export function sampleValue(type: string, enumLabel: string | null = null): SampleValue {
  if (enumLabel !== null) return enumLabel
  if (type.endsWith('[]')) return []
  if (NUMERIC.test(type)) return 1
  if (type === 'boolean') return true
  if (TEXT.test(type)) return 'example'
  if (type === 'uuid') return '00000000-0000-0000-0000-000000000000'
  if (type.startsWith('timestamp')) return '2024-01-01T00:00:00Z'
  if (type === 'date') return '2024-01-01'
  if (type.startsWith('time')) return '12:00:00'
  if (type === 'json' || type === 'jsonb') return {}
  return null
}

export const columnSample = (column: Pick<DocsColumn, 'type' | 'enum'>) => sampleValue(column.type, column.enum)

// ——— What a table's examples use ————————————————————————————————————————————————

/** Views and the like are read from; rows are written to tables. */
export type TableOperation = 'select' | 'insert' | 'update' | 'delete'
export const operationsOf = (table: Pick<DocsTable, 'kind'>): TableOperation[] =>
  table.kind === 'table' ? ['select', 'insert', 'update', 'delete'] : ['select']

/** A filter `column = value` that the examples narrow rows with. */
export type Filter = { column: string; ref: string; value: SampleValue }

/**
 * The column the examples filter and order by: the first primary key column, else the first
 * column that has an example value; only columns PostgREST's syntax can name. Null when none fits.
 */
export function filterOf(table: DocsTable): Filter | null {
  const byName = new Map(table.columns.map((c) => [c.name, c]))
  const candidates = [...table.primary_key.map((n) => byName.get(n)!), ...table.columns].filter(Boolean)
  for (const column of candidates) {
    const ref = columnRef(column.name)
    const value = columnSample(column)
    if (ref && value !== null && typeof value !== 'object') return { column: column.name, ref, value }
  }
  return null
}

/** An insert's row: the required columns with example values, and any writable column without a default (up to four). */
export function insertRow(table: DocsTable): Record<string, SampleValue> {
  const required = table.columns.filter((c) => c.required)
  const optional = table.columns.filter((c) => !c.required && c.writable && !c.has_default && columnSample(c) !== null)
  const picked = [...required, ...optional.slice(0, Math.max(0, 4 - required.length))]
  return Object.fromEntries(table.columns.filter((c) => picked.includes(c)).map((c) => [c.name, columnSample(c)]))
}

/**
 * An update's change: one writable column that is neither the filter's nor part of the primary
 * key, with its example value; one the insert leaves to its default first (the change shows).
 */
export function updateChange(table: DocsTable, filter: Filter | null): Record<string, SampleValue> | null {
  const inserted = insertRow(table)
  const candidates = table.columns.filter((c) => c.writable && c.name !== filter?.column && !table.primary_key.includes(c.name))
  const column =
    candidates.find((c) => !(c.name in inserted) && columnSample(c) !== null) ?? candidates.find((c) => columnSample(c) !== null) ?? candidates[0]
  return column ? { [column.name]: columnSample(column) } : null
}

/** The columns a select lists: all of them when PostgREST can name each one, else `*`. */
export function selectList(table: DocsTable): string {
  const refs = table.columns.map((c) => columnRef(c.name))
  return refs.length > 0 && refs.every((r) => r !== null) ? refs.join(', ') : '*'
}

/** A function's example arguments: every argument without a default, with an example value. */
export function rpcArgs(fn: DocsFunction): Record<string, SampleValue> {
  return Object.fromEntries(fn.args.filter((a) => !a.has_default).map((a) => [a.name, sampleValue(a.type)]))
}
