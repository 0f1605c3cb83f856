import { describe, expect, it } from 'vitest'
import type { SchemaCatalog } from './catalog'
import { completionsAt, completionStart, type Completion } from './completions'

const catalog: SchemaCatalog = {
  schemas: ['app', 'auth', 'public'],
  tables: [
    {
      schema: 'public',
      name: 'orders',
      kind: 'table',
      columns: [
        { name: 'id', type: 'bigint' },
        { name: 'user_id', type: 'uuid' },
        { name: 'Total', type: 'numeric(10,2)' },
        { name: 'order', type: 'integer' },
      ],
    },
    { schema: 'public', name: 'order_totals', kind: 'view', columns: [{ name: 'total', type: 'numeric' }] },
    { schema: 'auth', name: 'users', kind: 'table', columns: [{ name: 'id', type: 'uuid' }, { name: 'email', type: 'text' }] },
    { schema: 'app', name: 'Line Items', kind: 'table', columns: [{ name: 'sku', type: 'text' }] },
    { schema: 'app', name: 'daily', kind: 'materialized view', columns: [{ name: 'day', type: 'date' }] },
  ],
  functions: [
    { schema: 'public', name: 'add', args: 'a integer, b integer', returns: 'integer' },
    { schema: 'public', name: 'add', args: 'a numeric, b numeric', returns: 'numeric' },
    { schema: 'auth', name: 'uid', args: '', returns: 'uuid' },
  ],
}

/** The completions with the cursor at `|` in `text`. */
function at(text: string, options = {}): Completion[] {
  const offset = text.indexOf('|')
  return completionsAt(catalog, text.slice(0, offset) + text.slice(offset + 1), offset, options)
}
const labels = (text: string, options = {}) => at(text, options).map((c) => c.label)
const byLabel = (items: Completion[], label: string) => items.find((c) => c.label === label)
/** Labels in the order the editor shows them for the same match: by sortText. */
const sorted = (items: Completion[]) => [...items].sort((a, b) => a.sortText.localeCompare(b.sortText)).map((c) => c.label)

describe('completionsAt: after schema.', () => {
  it('offers that schema’s tables, views and functions, unqualified', () => {
    expect(labels('select * from auth.|')).toEqual(['users', 'uid'])
    expect(at('select auth.|')).toEqual(expect.arrayContaining([expect.objectContaining({ label: 'uid', kind: 'function', detail: '() → uuid' })]))
    expect(labels('select * from app.|')).toEqual(['Line Items', 'daily'])
  })

  it('quotes names that need it and says what each is', () => {
    const items = at('select * from app.|')
    expect(byLabel(items, 'Line Items')).toMatchObject({ kind: 'table', insertText: '"Line Items"' })
    expect(byLabel(items, 'daily')).toMatchObject({ kind: 'view', insertText: 'daily', detail: 'materialized view · 1 column' })
  })

  it('counts the name typed after the dot as typed, not as a qualifier', () => {
    expect(labels('select * from auth.us|')).toEqual(['users', 'uid'])
    expect(completionStart('select * from auth.us', 'select * from auth.us'.length)).toBe('select * from auth.'.length)
  })

  it('offers nothing for a schema that does not exist in a table’s place', () => {
    expect(labels('select * from nowhere.|')).toEqual([])
  })
})

describe('completionsAt: after table. or alias.', () => {
  it('resolves an alias written after the cursor, and keeps the table’s column order', () => {
    const items = at('select o.| from orders o')
    expect(sorted(items)).toEqual(['id', 'user_id', 'Total', 'order'])
    expect(byLabel(items, 'user_id')).toMatchObject({ kind: 'column', detail: 'uuid · orders' })
  })

  it.each([
    ['select u.| from orders o join auth.users as u on u.id = o.user_id', ['id', 'email']],
    ['select x.| from orders o, auth.users x', ['id', 'email']],
    ['select orders.| from orders', ['id', 'user_id', 'Total', 'order']],
    ['select auth.users.| from auth.users', ['id', 'email']],
    ['update orders o set total = o.|', ['id', 'user_id', 'Total', 'order']],
    ['select i.| from app."Line Items" i', ['sku']],
    ['select "Line Items".| from app."Line Items"', ['sku']],
  ])('%s', (text, expected) => expect(sorted(at(text))).toEqual(expected))

  it('quotes columns that need it (upper case, reserved words)', () => {
    const items = at('select o.| from orders o')
    expect(byLabel(items, 'Total')?.insertText).toBe('"Total"')
    expect(byLabel(items, 'order')?.insertText).toBe('"order"')
    expect(byLabel(items, 'user_id')?.insertText).toBe('user_id')
  })

  it('reads aliases of the statement at the cursor only', () => {
    expect(labels('select * from auth.users o; select o.| from app.daily d')).toEqual([])
    expect(labels('select o.| from app.daily d; select * from orders o')).toEqual([])
  })

  it('finds the statement’s end from inside parentheses', () => {
    expect(sorted(at('select count(o.|) from orders o; select * from app.daily o'))).toEqual(['id', 'user_id', 'Total', 'order'])
    expect(labels('select (|) from app.daily; select * from orders')).toContain('day')
    expect(labels('select (|) from app.daily; select * from orders')).not.toContain('user_id')
    expect(labels('select (select |) from app.daily; select * from orders')).not.toContain('user_id')
  })

  it('offers nothing after a dot that follows no name', () => {
    expect(labels('select 1.|')).toEqual([])
    expect(labels('select (1).|')).toEqual([])
  })
})

describe('completionsAt: a table’s place', () => {
  it.each(['select * from |', 'select * from orders o join |', 'insert into |', 'update |', 'alter table |', 'select * from orders o, |'])(
    '%s → tables, public first, then schemas',
    (text) => {
      const items = at(text)
      expect(sorted(items)).toEqual(['order_totals', 'orders', 'app.daily', 'app.Line Items', 'auth.users', 'app', 'auth', 'public'])
      expect(byLabel(items, 'app.Line Items')?.insertText).toBe('app."Line Items"')
      expect(byLabel(items, 'auth.users')).toMatchObject({ kind: 'table', insertText: 'auth.users' })
      expect(byLabel(items, 'order_totals')?.kind).toBe('view')
      expect(byLabel(items, 'auth')?.kind).toBe('schema')
    }
  )

  it('answers a space typed there, and nowhere else', () => {
    expect(labels('select * from |', { triggerCharacter: ' ' })).toContain('orders')
    expect(labels('select |', { triggerCharacter: ' ' })).toEqual([])
    expect(labels('select * from orders where |', { triggerCharacter: ' ' })).toEqual([])
  })

  it('after an opening quote, inserts quoted names and matches them quote included', () => {
    const text = 'select * from "or|'
    const items = at(text)
    expect(byLabel(items, 'orders')).toMatchObject({ insertText: '"orders"', filterText: '"orders"' })
    expect(byLabel(items, 'auth.users')?.insertText).toBe('"auth"."users"')
    // The opening quote is replaced too.
    expect(completionStart(text.replace('|', ''), text.indexOf('|'))).toBe('select * from '.length)
  })
})

describe('completionsAt: anywhere else', () => {
  it('offers the statement’s columns first, then tables, functions, schemas and keywords', () => {
    const items = at('select | from orders')
    const order = sorted(items)
    expect(order.slice(0, 4)).toEqual(['id', 'user_id', 'Total', 'order'])
    expect(order).toEqual(expect.arrayContaining(['orders', 'auth.users', 'add', 'auth.uid', 'select', 'left join']))
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('add'))
    expect(order.indexOf('add')).toBeLessThan(order.indexOf('select'))
    expect(items.filter((c) => c.label === 'add')).toEqual([expect.objectContaining({ detail: '(a integer, b integer) → integer (+1 more)' })])
  })

  it('offers no columns of tables the statement does not name', () => {
    expect(labels('select | from app.daily')).toContain('day')
    expect(labels('select | from app.daily')).not.toContain('email')
  })

  it('writes keywords in the case being typed', () => {
    expect(byLabel(at('SEL|'), 'SELECT')?.insertText).toBe('SELECT')
    expect(byLabel(at('sel|'), 'select')?.insertText).toBe('select')
    expect(byLabel(at('|'), 'select')).toBeDefined()
  })
})

describe('completionsAt: not in comments or strings', () => {
  it.each([
    ['-- select * from |', 'a line comment'],
    ['/* from | */', 'a block comment'],
    ['/* outer /* inner */ from | */', 'a nested block comment'],
    ["select 'from |'", 'a string'],
    ["select E'it\\'s |'", 'an escaped string'],
    ['select $$ from |$$', 'a dollar-quoted string'],
    ['create function f() returns int language sql as $body$ select o.| from orders o $body$', 'a function body'],
    ["select * from orders where note = 'x'|", 'right after a string'],
    ['select "orders"|', 'right after a quoted name'],
  ])('%s (%s) → nothing', (text) => expect(at(text)).toEqual([]))

  it('answers again once the comment or string has ended', () => {
    expect(labels("select 'x', |")).toContain('select')
    expect(labels('/* note */ select * from |')).toContain('orders')
    expect(labels('-- note\nselect * from |')).toContain('orders')
  })
})
