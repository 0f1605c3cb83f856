/**
 * The snippets of the API docs, as an application writes them: supabase-js calls on a client made
 * with `createClient(url, anonKey)`, and the same requests with curl against `{url}/rest/v1` and
 * `{url}/auth/v1`. Every string is quoted for the language it lands in (a JavaScript literal, a
 * single-quoted shell word) and every name for where it goes (api-docs.utils.ts), so any table,
 * column or function name gives code that runs. api-docs.platform.test.ts runs each of them.
 */
import type { DocsLanguage } from '@/state/app'
import type { DocsFunction, DocsTable } from '@/lib/sql/api-docs-catalog'
import {
  clientRelation,
  filterOf,
  insertRow,
  pathSegment,
  rpcArgs,
  selectList,
  updateChange,
  type Filter,
  type SampleValue,
  type TableOperation,
} from './api-docs.utils'

export type SnippetContext = {
  /** The project's URL, `{site}/p/{ref}` (what createClient takes). */
  url: string
  anonKey: string
  /** The schema requests go to unless they name another: the first exposed one. */
  defaultSchema: string
}

// ——— Quoting ————————————————————————————————————————————————————————————————

/** A single-quoted JavaScript string literal (JSON's escapes, which JavaScript reads the same, plus `\'`). */
export const jsString = (text: string) => `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/

/** A value as a JavaScript literal. */
export function jsValue(value: SampleValue): string {
  if (typeof value === 'string') return jsString(value)
  if (Array.isArray(value)) return '[]'
  if (value !== null && typeof value === 'object') return '{}'
  return String(value)
}

/** An object literal: keys bare when they are identifiers, quoted otherwise. */
export function jsObject(record: Record<string, SampleValue>): string {
  const entries = Object.entries(record).map(([key, value]) => `${IDENTIFIER.test(key) ? key : jsString(key)}: ${jsValue(value)}`)
  return entries.length ? `{ ${entries.join(', ')} }` : '{}'
}

/** A shell word in single quotes: nothing inside is expanded; a quote becomes '\''. */
export const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** curl with one option per line. */
const curl = (lines: string[]) => lines.join(' \\\n  ')

const keyHeaders = (anonKey: string) => [`-H ${shellQuote(`apikey: ${anonKey}`)}`, `-H ${shellQuote(`Authorization: Bearer ${anonKey}`)}`]

// ——— Introduction ——————————————————————————————————————————————————————————————

/** The client every JavaScript snippet uses: `supabase`. */
export function clientSnippet({ url, anonKey }: SnippetContext): string {
  return [`import { createClient } from '@supabase/supabase-js'`, '', `const supabase = createClient(${jsString(url)}, ${jsString(anonKey)})`].join('\n')
}

/** What every curl request carries, shown on a read of `table` (a placeholder name when the project has none). */
export function curlIntroSnippet(ctx: SnippetContext, table: Pick<DocsTable, 'schema' | 'name'> | null): string {
  const name = table?.name ?? 'your_table'
  return curl([
    `curl ${shellQuote(`${ctx.url}/rest/v1/${pathSegment(name)}?select=*&limit=10`)}`,
    ...keyHeaders(ctx.anonKey),
    ...(table && table.schema !== ctx.defaultSchema ? [`-H ${shellQuote(`Accept-Profile: ${table.schema}`)}`] : []),
  ])
}

// ——— Tables ————————————————————————————————————————————————————————————————————

/** The parts of a table's examples, worked out once: the filter, the select list, the rows written. */
export type TablePlan = {
  table: DocsTable
  filter: Filter | null
  select: string
  insert: Record<string, SampleValue>
  update: Record<string, SampleValue> | null
}

export const tablePlan = (table: DocsTable): TablePlan => {
  const filter = filterOf(table)
  return { table, filter, select: selectList(table), insert: insertRow(table), update: updateChange(table, filter) }
}

/** The operations there are examples of: update needs a column to change. */
export const plannedOperations = (plan: TablePlan, operations: TableOperation[]) => operations.filter((op) => op !== 'update' || plan.update !== null)

function jsFrom(ctx: SnippetContext, table: DocsTable): string[] {
  const from = `.from(${jsString(clientRelation(table.name))})`
  return table.schema === ctx.defaultSchema ? [from] : [`.schema(${jsString(table.schema)})`, from]
}

const jsFilter = (filter: Filter | null) => (filter ? [`.eq(${jsString(filter.ref)}, ${jsValue(filter.value)})`] : [])

/** supabase-js: one call chain, answering `{ data, error }`. Writes end in `.select()`, so that they answer the rows. */
export function jsTableSnippet(ctx: SnippetContext, plan: TablePlan, operation: TableOperation): string {
  const { table, filter } = plan
  const chain = (() => {
    switch (operation) {
      case 'select':
        return [
          `.select(${jsString(plan.select)})`,
          ...jsFilter(filter),
          ...(filter ? [`.order(${jsString(filter.ref)}, { ascending: true })`] : []),
          '.range(0, 9)',
        ]
      case 'insert':
        return [`.insert(${jsObject(plan.insert)})`, '.select()']
      case 'update':
        return [`.update(${jsObject(plan.update ?? {})})`, ...jsFilter(filter), '.select()']
      case 'delete':
        return ['.delete()', ...jsFilter(filter), '.select()']
    }
  })()
  return ['const { data, error } = await supabase', ...[...jsFrom(ctx, table), ...chain].map((c) => `  ${c}`)].join('\n')
}

const urlFilter = (filter: Filter | null) => (filter ? [`${encodeURIComponent(filter.ref)}=eq.${encodeURIComponent(String(filter.value))}`] : [])

/** The same request with curl: filters, order and range as query parameters, `Prefer: return=representation` on writes. */
export function curlTableSnippet(ctx: SnippetContext, plan: TablePlan, operation: TableOperation): string {
  const { table, filter } = plan
  const base = `${ctx.url}/rest/v1/${pathSegment(table.name)}`
  const url = (params: string[]) => shellQuote(params.length ? `${base}?${params.join('&')}` : base)
  const profile = (header: 'Accept-Profile' | 'Content-Profile') => (table.schema === ctx.defaultSchema ? [] : [`-H ${shellQuote(`${header}: ${table.schema}`)}`])
  const write = (method: string, params: string[], body?: Record<string, SampleValue>) =>
    curl([
      `curl -X ${method} ${url(params)}`,
      ...keyHeaders(ctx.anonKey),
      ...profile('Content-Profile'),
      ...(body ? [`-H 'Content-Type: application/json'`] : []),
      `-H 'Prefer: return=representation'`,
      ...(body ? [`-d ${shellQuote(JSON.stringify(body))}`] : []),
    ])
  switch (operation) {
    case 'select': {
      const select = plan.select === '*' ? '*' : plan.select.split(', ').map(encodeURIComponent).join(',')
      const order = filter ? [`order=${encodeURIComponent(filter.ref)}.asc`] : []
      return curl([`curl ${url([`select=${select}`, ...urlFilter(filter), ...order, 'offset=0', 'limit=10'])}`, ...keyHeaders(ctx.anonKey), ...profile('Accept-Profile')])
    }
    case 'insert':
      return write('POST', [], plan.insert)
    case 'update':
      return write('PATCH', urlFilter(filter), plan.update ?? {})
    case 'delete':
      return write('DELETE', urlFilter(filter))
  }
}

export const tableSnippet = (language: DocsLanguage, ctx: SnippetContext, plan: TablePlan, operation: TableOperation) =>
  language === 'bash' ? curlTableSnippet(ctx, plan, operation) : jsTableSnippet(ctx, plan, operation)

// ——— Functions ———————————————————————————————————————————————————————————————

/** supabase-js `rpc`: the function's arguments by name (those without a default, with example values). */
export function jsRpcSnippet(ctx: SnippetContext, fn: DocsFunction): string {
  const args = rpcArgs(fn)
  const call = `rpc(${[jsString(clientRelation(fn.name)), ...(Object.keys(args).length ? [jsObject(args)] : [])].join(', ')})`
  const client = fn.schema === ctx.defaultSchema ? 'supabase' : `supabase.schema(${jsString(fn.schema)})`
  return `const { data, error } = await ${client}.${call}`
}

/** curl: POST /rest/v1/rpc/{name} with the arguments as a JSON object. */
export function curlRpcSnippet(ctx: SnippetContext, fn: DocsFunction): string {
  return curl([
    `curl -X POST ${shellQuote(`${ctx.url}/rest/v1/rpc/${pathSegment(fn.name)}`)}`,
    ...keyHeaders(ctx.anonKey),
    ...(fn.schema === ctx.defaultSchema ? [] : [`-H ${shellQuote(`Content-Profile: ${fn.schema}`)}`]),
    `-H 'Content-Type: application/json'`,
    `-d ${shellQuote(JSON.stringify(rpcArgs(fn)))}`,
  ])
}

export const rpcSnippet = (language: DocsLanguage, ctx: SnippetContext, fn: DocsFunction) =>
  language === 'bash' ? curlRpcSnippet(ctx, fn) : jsRpcSnippet(ctx, fn)

// ——— Authentication ——————————————————————————————————————————————————————————

export type AuthOperation = 'sign-up' | 'sign-in' | 'get-user' | 'sign-out'
export const AUTH_OPERATIONS: AuthOperation[] = ['sign-up', 'sign-in', 'get-user', 'sign-out']

export type Credentials = { email: string; password: string }
export const EXAMPLE_CREDENTIALS: Credentials = { email: 'someone@example.com', password: 'example-password' }

/** supabase-js' auth module: the client keeps the session it signs in with, and signOut ends it. */
export function jsAuthSnippet(operation: AuthOperation, credentials: Credentials = EXAMPLE_CREDENTIALS): string {
  const body = `{\n  email: ${jsString(credentials.email)},\n  password: ${jsString(credentials.password)},\n}`
  switch (operation) {
    case 'sign-up':
      return `const { data, error } = await supabase.auth.signUp(${body})`
    case 'sign-in':
      return `const { data, error } = await supabase.auth.signInWithPassword(${body})`
    case 'get-user':
      return 'const { data, error } = await supabase.auth.getUser()'
    case 'sign-out':
      return 'const { error } = await supabase.auth.signOut()'
  }
}

/** curl against {url}/auth/v1; the calls of a signed-in user carry their access token from $ACCESS_TOKEN. */
export function curlAuthSnippet(ctx: SnippetContext, operation: AuthOperation, credentials: Credentials = EXAMPLE_CREDENTIALS): string {
  const auth = `${ctx.url}/auth/v1`
  const apikey = `-H ${shellQuote(`apikey: ${ctx.anonKey}`)}`
  const post = (path: string) => [`curl -X POST ${shellQuote(`${auth}${path}`)}`, apikey, `-H 'Content-Type: application/json'`, `-d ${shellQuote(JSON.stringify(credentials))}`]
  switch (operation) {
    case 'sign-up':
      return curl(post('/signup'))
    case 'sign-in':
      return curl(post('/token?grant_type=password'))
    case 'get-user':
      return curl([`curl ${shellQuote(`${auth}/user`)}`, apikey, `-H "Authorization: Bearer $ACCESS_TOKEN"`])
    case 'sign-out':
      return curl([`curl -X POST ${shellQuote(`${auth}/logout`)}`, apikey, `-H "Authorization: Bearer $ACCESS_TOKEN"`])
  }
}

export const authSnippet = (language: DocsLanguage, ctx: SnippetContext, operation: AuthOperation) =>
  language === 'bash' ? curlAuthSnippet(ctx, operation) : jsAuthSnippet(operation)

