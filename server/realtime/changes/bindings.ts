/**
 * What a channel asks of database changes (`config.postgres_changes`, one binding per
 * `.on('postgres_changes', …)`): an event (`*`, INSERT, UPDATE, DELETE), a schema (`*` for all), a
 * table (none for all) and one filter `column=op.value` with the operators Supabase offers: eq,
 * neq, lt, lte, gt, gte, in (`in.(a,b)`). The join reply echoes the bindings as they came, each with
 * its id.
 */
import { typedValue } from './typed'

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE'
export type ChangeBinding = { event: ChangeEvent; schema: string; table?: string; filter?: string }

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'
export type ChangeFilter = { column: string; op: FilterOp; values: string[] }

const EVENTS: readonly string[] = ['*', 'INSERT', 'UPDATE', 'DELETE']
const OPS: readonly string[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']
const MAX_BINDINGS = 100

/** The bindings of a join's config, or the sentence its reply refuses them with. */
export function parseBindings(value: unknown): ChangeBinding[] | string {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) return 'postgres_changes is a list of bindings.'
  if (value.length > MAX_BINDINGS) return `A channel has at most ${MAX_BINDINGS} postgres_changes bindings.`
  const bindings: ChangeBinding[] = []
  for (const raw of value) {
    if (!raw || typeof raw !== 'object') return 'A postgres_changes binding is an object with an event and a schema.'
    const { event, schema, table, filter } = raw as Record<string, unknown>
    if (typeof event !== 'string' || !EVENTS.includes(event)) return `The event of a postgres_changes binding is one of ${EVENTS.join(', ')}.`
    if (typeof schema !== 'string' || schema === '') return 'A postgres_changes binding names a schema (or * for all).'
    if (table !== undefined && table !== null && (typeof table !== 'string' || table === '')) return 'The table of a postgres_changes binding is a name.'
    if (filter !== undefined && filter !== null) {
      if (typeof filter !== 'string') return 'The filter of a postgres_changes binding is a string such as id=eq.1.'
      const parsed = parseFilter(filter)
      if (typeof parsed === 'string') return parsed
    }
    bindings.push({ event: event as ChangeEvent, schema, ...(typeof table === 'string' ? { table } : {}), ...(typeof filter === 'string' ? { filter } : {}) })
  }
  return bindings
}

/** `column=op.value` as a filter, or the sentence that says what is wrong with it. */
export function parseFilter(filter: string): ChangeFilter | string {
  const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter)
  if (!match) return `The filter ${filter} is not column=op.value (op: ${OPS.join(', ')}).`
  const [, column, op, value] = match
  if (!OPS.includes(op)) return `The filter operator ${op} is not offered: use ${OPS.join(', ')}.`
  if (op !== 'in') return { column, op: op as FilterOp, values: [value] }
  const list = /^\((.*)\)$/s.exec(value)
  if (!list) return `The filter ${filter} lists its values in parentheses: ${column}=in.(1,2).`
  return { column, op: 'in', values: list[1].split(',').map((item) => item.trim().replace(/^"(.*)"$/s, '$1')) }
}

/** -1, 0 or 1, comparing a column's value with a filter's value read as the column's type; null when they do not compare. */
function compare(value: unknown, text: string, type: string): number | null {
  if (value === null || value === undefined) return null
  const other = typedValue(type, text)
  if (typeof value === 'number' && typeof other === 'number') return Math.sign(value - other)
  if (typeof value === 'boolean' && typeof other === 'boolean') return value === other ? 0 : value ? 1 : -1
  const a = typeof value === 'string' ? value : JSON.stringify(value)
  const b = typeof other === 'string' ? other : JSON.stringify(other)
  return a === b ? 0 : a < b ? -1 : 1
}

/** Whether a record passes the filter; `types` are its columns' type names. */
export function matchesFilter(filter: ChangeFilter, record: Record<string, unknown>, types: Record<string, string>): boolean {
  if (!(filter.column in record)) return false
  const value = record[filter.column]
  const type = types[filter.column] ?? 'text'
  const order = compare(value, filter.values[0], type)
  switch (filter.op) {
    case 'eq':
      return order === 0
    case 'neq':
      return order !== null && order !== 0
    case 'lt':
      return order !== null && order < 0
    case 'lte':
      return order !== null && order <= 0
    case 'gt':
      return order !== null && order > 0
    case 'gte':
      return order !== null && order >= 0
    case 'in':
      return filter.values.some((item) => compare(value, item, type) === 0)
  }
}

/** Whether a binding asks for this change of this table. */
export function bindingMatches(binding: ChangeBinding, change: { schema: string; table: string; type: 'INSERT' | 'UPDATE' | 'DELETE' }): boolean {
  if (binding.event !== '*' && binding.event !== change.type) return false
  if (binding.schema !== '*' && binding.schema !== change.schema) return false
  return binding.table === undefined || binding.table === '*' || binding.table === change.table
}
