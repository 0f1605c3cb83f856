/**
 * Pure pieces of the API docs panel: where a section lives in `appState.activeDocsSection`, the
 * SQL endpoint's URL, the SQL of each table operation (identifiers quoted as Postgres needs), and
 * the snippets that send it (JavaScript with fetch, Bash with curl). Every string that goes into a
 * snippet is quoted for the language it lands in, so any table or column name gives valid code.
 */
import type { CatalogColumn, CatalogTable } from '@/lib/sql/completion'
import { quoteIdentifier } from '@/lib/sql/completion/identifiers'
import type { DocsLanguage } from '@/state/app'

// ——— Sections ———————————————————————————————————————————————————————————————

export type DocsSection = { kind: 'introduction' } | { kind: 'client-libraries' } | { kind: 'table'; schema: string; name: string }

export const INTRODUCTION: DocsSection = { kind: 'introduction' }
export const CLIENT_LIBRARIES_SECTION: DocsSection = { kind: 'client-libraries' }

/** The section as stored in `appState.activeDocsSection` (default `['introduction']`). */
export function sectionPath(section: DocsSection): string[] {
  if (section.kind === 'table') return ['tables', section.schema, section.name]
  return [section.kind]
}

/** The stored path as a section; anything unknown is the introduction. */
export function sectionFromPath(path: readonly string[]): DocsSection {
  if (path[0] === 'client-libraries') return CLIENT_LIBRARIES_SECTION
  if (path[0] === 'tables' && path.length === 3) return { kind: 'table', schema: path[1], name: path[2] }
  return INTRODUCTION
}

/** One string per section, for a `<select>` value (a NUL cannot occur in a Postgres name). */
export const sectionValue = (section: DocsSection) => sectionPath(section).join('\u0000')
export const sectionFromValue = (value: string) => sectionFromPath(value.split('\u0000'))

// ——— The endpoint ————————————————————————————————————————————————————————————

/** The SQL endpoint's absolute URL: the platform API base may be relative to the dashboard (`/api/platform`). */
export function queryEndpoint(platformApiUrl: string, origin: string, ref: string): string {
  return new URL(`${platformApiUrl.replace(/\/+$/, '')}/pg-meta/${encodeURIComponent(ref)}/query`, origin).toString()
}

// ——— SQL per table —————————————————————————————————————————————————————————————

export type TableOperation = 'read' | 'insert' | 'update' | 'delete'

/** Views and the like are read from; rows are written to tables. */
export const operationsOf = (table: Pick<CatalogTable, 'kind'>): TableOperation[] =>
  table.kind === 'table' ? ['read', 'insert', 'update', 'delete'] : ['read']

export const qualifiedName = (table: Pick<CatalogTable, 'schema' | 'name'>) => `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`

const NUMERIC = /^(smallint|integer|bigint|numeric|decimal|real|double precision)\b/
const TEXT = /^(text|character varying|character|varchar|char|citext|name)\b/

/** An example value of a column's type (format_type's text) as SQL; null when there is no obvious one. */
export function sampleValue(type: string): string {
  if (type.endsWith('[]')) return `'{}'`
  if (NUMERIC.test(type)) return '1'
  if (type === 'boolean') return 'true'
  if (TEXT.test(type)) return `'example'`
  if (type === 'uuid') return `'00000000-0000-0000-0000-000000000000'`
  if (type.startsWith('timestamp')) return 'now()'
  if (type === 'date') return 'current_date'
  if (type === 'json' || type === 'jsonb') return `'{}'`
  return 'null'
}

const equals = (column: CatalogColumn) => {
  const value = sampleValue(column.type)
  return `${quoteIdentifier(column.name)} ${value === 'null' ? 'is null' : `= ${value}`}`
}

/** The SQL of one operation on a table: ready to run as it is, with example values to change. */
export function tableSql(table: CatalogTable, operation: TableOperation): string {
  const name = qualifiedName(table)
  const columns = table.columns
  const [first, second = first] = columns
  const list = columns.map((c) => quoteIdentifier(c.name)).join(', ')
  switch (operation) {
    case 'read':
      return `select ${list || '*'} from ${name} limit 10`
    case 'insert':
      return columns.length
        ? `insert into ${name} (${list}) values (${columns.map((c) => sampleValue(c.type)).join(', ')}) returning *`
        : `insert into ${name} default values returning *`
    case 'update':
      if (!first) return `-- ${name} has no columns to update`
      return `update ${name} set ${quoteIdentifier(second.name)} = ${sampleValue(second.type)} where ${equals(first)} returning *`
    case 'delete':
      return first ? `delete from ${name} where ${equals(first)} returning *` : `delete from ${name} returning *`
  }
}

// ——— Snippets ————————————————————————————————————————————————————————————————

export type SnippetOptions = {
  /** The SQL endpoint's absolute URL. */
  url: string
  sql: string
  /** Platform mode: requests carry the access token. Self-hosted: no sign-in, no token. */
  withToken: boolean
}

/** A JavaScript string literal (JSON's escapes are valid JavaScript). */
const jsString = (text: string) => JSON.stringify(text)

/** JavaScript (browser or Node 18+): fetch, the rows of the last statement, the platform's message on failure. */
export function jsSnippet({ url, sql, withToken }: SnippetOptions): string {
  return [
    ...(withToken ? ['// ACCESS_TOKEN: your access token (see Authentication)'] : []),
    `const response = await fetch(${jsString(url)}, {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    'Content-Type': 'application/json',`,
    ...(withToken ? ['    Authorization: `Bearer ${ACCESS_TOKEN}`,'] : []),
    `  },`,
    `  body: JSON.stringify({ query: ${jsString(sql)} }),`,
    `})`,
    `if (!response.ok) throw new Error((await response.json()).message)`,
    `const rows = await response.json()`,
  ].join('\n')
}

/** A shell word in single quotes: nothing inside is expanded; a quote becomes '\''. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** Bash: curl, with the token from $ACCESS_TOKEN. */
export function bashSnippet({ url, sql, withToken }: SnippetOptions): string {
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    ...(withToken ? [`  -H "Authorization: Bearer $ACCESS_TOKEN" \\`] : []),
    `  --data ${shellQuote(JSON.stringify({ query: sql }))}`,
  ].join('\n')
}

export const snippetFor = (language: DocsLanguage, options: SnippetOptions) => (language === 'bash' ? bashSnippet(options) : jsSnippet(options))

// ——— Getting a token —————————————————————————————————————————————————————————

/** The auth service's password sign-in URL; its base may be relative to the dashboard (`/auth/v1`). */
export const signInEndpoint = (authUrl: string, origin: string) => new URL(`${authUrl.replace(/\/+$/, '')}/token?grant_type=password`, origin).toString()

const SIGN_IN_BODY = { email: 'you@example.com', password: 'your password' }

/** How to get an access token by signing in with a password (the answer's `access_token`). */
export function signInSnippet(language: DocsLanguage, url: string): string {
  if (language === 'bash')
    return [
      `curl -X POST ${shellQuote(url)} \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  --data ${shellQuote(JSON.stringify(SIGN_IN_BODY))}`,
      `# then: export ACCESS_TOKEN=<the access_token of the answer>`,
    ].join('\n')
  return [
    `const response = await fetch(${jsString(url)}, {`,
    `  method: 'POST',`,
    `  headers: { 'Content-Type': 'application/json' },`,
    `  body: JSON.stringify({ email: ${jsString(SIGN_IN_BODY.email)}, password: ${jsString(SIGN_IN_BODY.password)} }),`,
    `})`,
    `const { access_token: ACCESS_TOKEN, expires_in, refresh_token } = await response.json()`,
  ].join('\n')
}
