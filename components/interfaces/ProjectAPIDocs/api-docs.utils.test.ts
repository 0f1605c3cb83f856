import { execFileSync } from 'node:child_process'
import { exposedCatalog, type DocsColumn, type DocsFunction, type DocsTable } from '@/lib/sql/api-docs-catalog'
import {
  clientSnippet,
  curlAuthSnippet,
  curlRpcSnippet,
  curlTableSnippet,
  jsAuthSnippet,
  jsObject,
  jsRpcSnippet,
  jsString,
  jsTableSnippet,
  plannedOperations,
  shellQuote,
  tablePlan,
  type SnippetContext,
} from './api-docs.snippets'
import {
  AUTHENTICATION,
  clientRelation,
  columnRef,
  filterOf,
  INTRODUCTION,
  insertRow,
  operationsOf,
  pathSegment,
  sampleValue,
  sectionFromPath,
  sectionFromValue,
  sectionPath,
  sectionValue,
  selectList,
  updateChange,
} from './api-docs.utils'

const col = (name: string, type: string, extra: Partial<DocsColumn> = {}): DocsColumn => ({
  name,
  type,
  required: false,
  writable: true,
  has_default: false,
  enum: null,
  ...extra,
})

const todos: DocsTable = {
  schema: 'public',
  name: 'todos',
  kind: 'table',
  primary_key: ['id'],
  columns: [
    col('id', 'bigint', { has_default: true }),
    col('task', 'text', { required: true }),
    col('done', 'boolean', { has_default: true }),
    col('inserted_at', 'timestamp with time zone', { has_default: true }),
  ],
}

const awkward: DocsTable = {
  schema: 'public',
  name: 'my "table"',
  kind: 'table',
  primary_key: ['we"ird col'],
  columns: [col('we"ird col', 'integer', { required: true }), col("it's", 'text'), col('a.b', 'integer')],
}

const ctx: SnippetContext = { url: 'https://dash.example.com/p/abc', anonKey: 'ANON', defaultSchema: 'public' }

describe('sections', () => {
  it.each([
    [['introduction'], INTRODUCTION],
    [['authentication'], AUTHENTICATION],
    [['client-libraries'], { kind: 'client-libraries' }],
    [['tables', 'public', 'todos'], { kind: 'table', schema: 'public', name: 'todos' }],
    [['functions', 'public', 'add', 'a integer, b integer'], { kind: 'function', schema: 'public', name: 'add', identity: 'a integer, b integer' }],
    [['tables', 'public'], INTRODUCTION],
    [['functions', 'public', 'add'], INTRODUCTION],
    [['something-else'], INTRODUCTION],
    [[], INTRODUCTION],
  ])('%j → %j', (path, section) => expect(sectionFromPath(path)).toEqual(section))

  it('round-trips a table and a function with any name through the path and the select value', () => {
    for (const section of [
      { kind: 'table', schema: 'a.b', name: 'x/y "z"' },
      { kind: 'function', schema: 'public', name: 'f?n', identity: '"x y" integer' },
    ] as const) {
      expect(sectionFromPath(sectionPath(section))).toEqual(section)
      expect(sectionFromValue(sectionValue(section))).toEqual(section)
    }
  })
})

describe('names', () => {
  it.each([
    ['todos', 'todos', 'todos'],
    ['my "table"', 'my%20%22table%22', 'my "table"'],
    ['a?b/c%d#e', 'a%3Fb%2Fc%25d%23e', 'a%3Fb%2Fc%25d%23e'],
    ['..', '%2E%2E', '%2E%2E'],
    ['Ünïcode', '%C3%9Cn%C3%AFcode', 'Ünïcode'],
  ])('%s: in a URL path %s, for supabase-js %s', (name, path, client) => {
    expect(pathSegment(name)).toBe(path)
    expect(clientRelation(name)).toBe(client)
  })

  it.each([
    ['id', 'id'],
    ['Title', 'Title'],
    ['a.b', '"a.b"'],
    ['x,y', '"x,y"'],
    ["it's", `"it's"`],
    ['sp ace', '"sp ace"'],
    ['we"ird', null],
  ])('columnRef(%s) = %s', (name, ref) => expect(columnRef(name)).toBe(ref))
})

it.each([
  ['integer', 1],
  ['numeric(10,2)', 1],
  ['boolean', true],
  ['text', 'example'],
  ['character varying(20)', 'example'],
  ['uuid', '00000000-0000-0000-0000-000000000000'],
  ['timestamp with time zone', '2024-01-01T00:00:00Z'],
  ['date', '2024-01-01'],
  ['time without time zone', '12:00:00'],
  ['jsonb', {}],
  ['text[]', []],
  ['tsvector', null],
])('sampleValue(%s) = %j', (type, value) => expect(sampleValue(type)).toEqual(value))

it('an enum column takes its first label', () => expect(sampleValue('mood', 'happy')).toBe('happy'))

describe('what a table’s examples use', () => {
  it('todos: filter and order by the primary key, insert the required column, update one left to its default', () => {
    expect(filterOf(todos)).toEqual({ column: 'id', ref: 'id', value: 1 })
    expect(insertRow(todos)).toEqual({ task: 'example' })
    expect(updateChange(todos, filterOf(todos))).toEqual({ done: true })
    expect(selectList(todos)).toBe('id, task, done, inserted_at')
  })

  it('a primary key whose name PostgREST cannot spell: the next column filters, the select lists *', () => {
    expect(filterOf(awkward)).toEqual({ column: "it's", ref: `"it's"`, value: 'example' })
    expect(insertRow(awkward)).toEqual({ 'we"ird col': 1, "it's": 'example', 'a.b': 1 })
    expect(selectList(awkward)).toBe('*')
  })

  it('leaves generated columns out of inserts and updates', () => {
    const table: DocsTable = { ...todos, columns: [...todos.columns, col('slug', 'text', { writable: false })], primary_key: ['id'] }
    expect(insertRow(table)).not.toHaveProperty('slug')
    expect(updateChange({ ...table, columns: [table.columns[0], table.columns[4]] }, filterOf(table))).toBeNull()
  })

  it('offers only reads on a view, and no update without a column to change', () => {
    expect(operationsOf({ kind: 'view' })).toEqual(['select'])
    const onlyKey: DocsTable = { ...todos, columns: [todos.columns[0]] }
    expect(plannedOperations(tablePlan(onlyKey), operationsOf(onlyKey))).toEqual(['select', 'insert', 'delete'])
  })
})

describe('supabase-js snippets', () => {
  it('the client of the project’s URL and anon key', () => {
    expect(clientSnippet(ctx)).toBe(
      `import { createClient } from '@supabase/supabase-js'\n\nconst supabase = createClient('https://dash.example.com/p/abc', 'ANON')`
    )
  })

  it.each([
    ['select', `.from('todos')\n  .select('id, task, done, inserted_at')\n  .eq('id', 1)\n  .order('id', { ascending: true })\n  .range(0, 9)`],
    ['insert', `.from('todos')\n  .insert({ task: 'example' })\n  .select()`],
    ['update', `.from('todos')\n  .update({ done: true })\n  .eq('id', 1)\n  .select()`],
    ['delete', `.from('todos')\n  .delete()\n  .eq('id', 1)\n  .select()`],
  ] as const)('%s todos', (operation, chain) => {
    expect(jsTableSnippet(ctx, tablePlan(todos), operation)).toBe(`const { data, error } = await supabase\n  ${chain}`)
  })

  it('names that need quoting: plain names to supabase-js, PostgREST’s quotes in filters, keys quoted in objects', () => {
    const plan = tablePlan(awkward)
    expect(jsTableSnippet(ctx, plan, 'select')).toContain(`.from('my "table"')\n  .select('*')\n  .eq('"it\\'s"', 'example')`)
    expect(jsTableSnippet(ctx, plan, 'insert')).toContain(`.insert({ 'we"ird col': 1, 'it\\'s': 'example', 'a.b': 1 })`)
  })

  it('a table of another exposed schema goes through .schema()', () => {
    expect(jsTableSnippet(ctx, tablePlan({ ...todos, schema: 'other' }), 'delete')).toContain(`  .schema('other')\n  .from('todos')`)
  })

  it('rpc with the arguments that have no default', () => {
    const fn: DocsFunction = {
      schema: 'public',
      name: 'f?n',
      identity: '"x y" integer, n integer',
      returns: 'integer',
      returns_set: false,
      args: [
        { name: 'x y', type: 'integer', has_default: false },
        { name: 'n', type: 'integer', has_default: true },
      ],
    }
    expect(jsRpcSnippet(ctx, fn)).toBe(`const { data, error } = await supabase.rpc('f%3Fn', { 'x y': 1 })`)
    expect(jsRpcSnippet(ctx, { ...fn, name: 'hello', args: [] })).toBe(`const { data, error } = await supabase.rpc('hello')`)
  })

  it('the auth calls', () => {
    expect(jsAuthSnippet('sign-in', { email: 'a@b.co', password: 'pw' })).toBe(
      `const { data, error } = await supabase.auth.signInWithPassword({\n  email: 'a@b.co',\n  password: 'pw',\n})`
    )
    expect(jsAuthSnippet('sign-out')).toBe('const { error } = await supabase.auth.signOut()')
  })

  it.each([`it's`, 'back\\slash "quoted"', 'line\nbreak', '\u2028'])('jsString(%j) evaluates back to the text', (text) => {
    expect(new Function(`return ${jsString(text)}`)()).toBe(text)
    expect(new Function(`return ${jsObject({ [text]: text })}`)()).toEqual({ [text]: text })
  })
})

describe('curl snippets', () => {
  const words = (code: string) => JSON.parse(execFileSync('bash', ['-c', `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${code.replace(/^curl/, '')}`], { encoding: 'utf8' }))

  it('select: the filter, order and range as query parameters, the anon key twice', () => {
    expect(curlTableSnippet(ctx, tablePlan(todos), 'select')).toBe(
      [
        `curl 'https://dash.example.com/p/abc/rest/v1/todos?select=id,task,done,inserted_at&id=eq.1&order=id.asc&offset=0&limit=10'`,
        `-H 'apikey: ANON'`,
        `-H 'Authorization: Bearer ANON'`,
      ].join(' \\\n  ')
    )
  })

  it('names that need quoting are percent-encoded in the path and in PostgREST’s quotes in the query', () => {
    const code = curlTableSnippet(ctx, tablePlan(awkward), 'update')
    expect(words(code)).toEqual([
      '-X',
      'PATCH',
      `https://dash.example.com/p/abc/rest/v1/my%20%22table%22?%22it's%22=eq.example`,
      '-H',
      'apikey: ANON',
      '-H',
      'Authorization: Bearer ANON',
      '-H',
      'Content-Type: application/json',
      '-H',
      'Prefer: return=representation',
      '-d',
      JSON.stringify({ 'a.b': 1 }),
    ])
  })

  it('another schema is named in a profile header', () => {
    expect(curlTableSnippet(ctx, tablePlan({ ...todos, schema: 'other' }), 'select')).toContain(`-H 'Accept-Profile: other'`)
    expect(curlTableSnippet(ctx, tablePlan({ ...todos, schema: 'other' }), 'insert')).toContain(`-H 'Content-Profile: other'`)
  })

  it('rpc and auth', () => {
    const fn: DocsFunction = { schema: 'public', name: 'add', identity: 'a integer, b integer', returns: 'integer', returns_set: false, args: [] }
    expect(curlRpcSnippet(ctx, fn)).toContain(`curl -X POST 'https://dash.example.com/p/abc/rest/v1/rpc/add'`)
    expect(words(curlAuthSnippet(ctx, 'sign-up', { email: "o'neil@example.com", password: 'pw' })).at(-1)).toBe(
      JSON.stringify({ email: "o'neil@example.com", password: 'pw' })
    )
    expect(curlAuthSnippet(ctx, 'sign-in')).toContain(`'https://dash.example.com/p/abc/auth/v1/token?grant_type=password'`)
    expect(curlAuthSnippet(ctx, 'sign-out')).toContain(`-H "Authorization: Bearer $ACCESS_TOKEN"`)
  })

  it('shellQuote keeps quotes, dollars and backslashes literal', () => {
    const text = `it's $HOME \\ "x" \`id\``
    expect(execFileSync('bash', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text)
  })
})

it('the exposed catalog: tables and functions of the exposed schemas, functions callable by name only', () => {
  const fn = (schema: string, name: string, argName = 'a'): DocsFunction => ({
    schema,
    name,
    identity: '',
    returns: 'integer',
    returns_set: false,
    args: [{ name: argName, type: 'integer', has_default: false }],
  })
  const catalog = exposedCatalog(
    { tables: [todos, { ...todos, schema: 'private' }], functions: [fn('public', 'f'), fn('private', 'g'), fn('public', 'unnamed', '')] },
    ['public']
  )
  expect(catalog.tables).toEqual([todos])
  expect(catalog.functions.map((f) => f.name)).toEqual(['f'])
})
