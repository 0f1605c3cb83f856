import { execFileSync } from 'node:child_process'
import type { CatalogTable } from '@/lib/sql/completion'
import {
  bashSnippet,
  INTRODUCTION,
  jsSnippet,
  operationsOf,
  queryEndpoint,
  sampleValue,
  sectionFromPath,
  sectionFromValue,
  sectionPath,
  sectionValue,
  shellQuote,
  signInEndpoint,
  signInSnippet,
  tableSql,
} from './api-docs.utils'

const todos: CatalogTable = {
  schema: 'public',
  name: 'todos',
  kind: 'table',
  columns: [
    { name: 'id', type: 'bigint' },
    { name: 'task', type: 'text' },
    { name: 'done', type: 'boolean' },
  ],
}

const awkward: CatalogTable = {
  schema: 'My Schema',
  name: 'my "table"',
  kind: 'table',
  columns: [
    { name: 'we"ird col', type: 'integer' },
    { name: "it's", type: 'character varying(20)' },
  ],
}

describe('sections', () => {
  it.each([
    [['introduction'], INTRODUCTION],
    [['client-libraries'], { kind: 'client-libraries' }],
    [['tables', 'public', 'todos'], { kind: 'table', schema: 'public', name: 'todos' }],
    [['tables', 'public'], INTRODUCTION],
    [['something-else'], INTRODUCTION],
    [[], INTRODUCTION],
  ])('%j → %j', (path, section) => expect(sectionFromPath(path)).toEqual(section))

  it('round-trips a table with any name through the path and the select value', () => {
    const section = { kind: 'table', schema: 'a.b', name: 'x/y "z"' } as const
    expect(sectionFromPath(sectionPath(section))).toEqual(section)
    expect(sectionFromValue(sectionValue(section))).toEqual(section)
  })
})

it.each([
  ['/api/platform', 'https://dash.example.com', 'https://dash.example.com/api/platform/pg-meta/abc/query'],
  ['/api/platform/', 'http://localhost:3000', 'http://localhost:3000/api/platform/pg-meta/abc/query'],
  ['https://api.example.com/platform', 'https://dash.example.com', 'https://api.example.com/platform/pg-meta/abc/query'],
])('queryEndpoint(%s, %s)', (base, origin, url) => expect(queryEndpoint(base, origin, 'abc')).toBe(url))

it.each([
  ['integer', '1'],
  ['numeric(10,2)', '1'],
  ['double precision', '1'],
  ['boolean', 'true'],
  ['text', `'example'`],
  ['character varying(20)', `'example'`],
  ['uuid', `'00000000-0000-0000-0000-000000000000'`],
  ['timestamp with time zone', 'now()'],
  ['date', 'current_date'],
  ['jsonb', `'{}'`],
  ['text[]', `'{}'`],
  ['tsvector', 'null'],
])('sampleValue(%s) = %s', (type, value) => expect(sampleValue(type)).toBe(value))

describe('tableSql', () => {
  it.each([
    ['read', 'select id, task, done from public.todos limit 10'],
    ['insert', `insert into public.todos (id, task, done) values (1, 'example', true) returning *`],
    ['update', `update public.todos set task = 'example' where id = 1 returning *`],
    ['delete', 'delete from public.todos where id = 1 returning *'],
  ] as const)('%s a plain table', (operation, sql) => expect(tableSql(todos, operation)).toBe(sql))

  it.each([
    ['read', `select "we""ird col", "it's" from "My Schema"."my ""table""" limit 10`],
    ['insert', `insert into "My Schema"."my ""table""" ("we""ird col", "it's") values (1, 'example') returning *`],
    ['update', `update "My Schema"."my ""table""" set "it's" = 'example' where "we""ird col" = 1 returning *`],
    ['delete', `delete from "My Schema"."my ""table""" where "we""ird col" = 1 returning *`],
  ] as const)('%s a table whose names need quotes', (operation, sql) => expect(tableSql(awkward, operation)).toBe(sql))

  it('compares with "is null" when a type has no example value', () => {
    const table: CatalogTable = { schema: 'public', name: 'docs', kind: 'table', columns: [{ name: 'body', type: 'tsvector' }] }
    expect(tableSql(table, 'delete')).toBe('delete from public.docs where body is null returning *')
  })

  it('offers only reads on a view', () => {
    expect(operationsOf({ kind: 'view' })).toEqual(['read'])
    expect(operationsOf({ kind: 'table' })).toEqual(['read', 'insert', 'update', 'delete'])
  })
})

describe('snippets', () => {
  const url = 'https://dash.example.com/api/platform/pg-meta/abc/query'
  const sql = tableSql(awkward, 'insert')

  it('JavaScript: the SQL as a string literal that evaluates back to the same SQL', () => {
    const code = jsSnippet({ url, sql, withToken: true })
    expect(code).toContain('Authorization: `Bearer ${ACCESS_TOKEN}`')
    const literal = /query: (".*") }\),/.exec(code)![1]
    expect(JSON.parse(literal)).toBe(sql)
  })

  it('JavaScript without a token in self-hosted mode', () => {
    const code = jsSnippet({ url, sql, withToken: false })
    expect(code).not.toContain('ACCESS_TOKEN')
    expect(code).toContain(`fetch(${JSON.stringify(url)}, {`)
  })

  it('Bash: the body survives the shell exactly', () => {
    const code = bashSnippet({ url, sql, withToken: true })
    expect(code).toContain(`-H "Authorization: Bearer $ACCESS_TOKEN"`)
    const data = /--data ('.*')$/s.exec(code)![1]
    // What bash hands to curl after quote removal.
    const word = execFileSync('bash', ['-c', `printf %s ${data}`], { encoding: 'utf8' })
    expect(JSON.parse(word)).toEqual({ query: sql })
  })

  it('shellQuote keeps quotes, dollars and backslashes literal', () => {
    const text = `it's $HOME \\ "x" \`id\``
    expect(execFileSync('bash', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text)
  })
})

it.each([
  ['/auth/v1', 'https://dash.example.com', 'https://dash.example.com/auth/v1/token?grant_type=password'],
  ['https://auth.example.com/auth/v1/', 'https://dash.example.com', 'https://auth.example.com/auth/v1/token?grant_type=password'],
])('signInEndpoint(%s, %s)', (authUrl, origin, url) => expect(signInEndpoint(authUrl, origin)).toBe(url))

it.each(['js', 'bash'] as const)('the %s sign-in snippet posts to the token URL', (language) => {
  const url = 'https://dash.example.com/auth/v1/token?grant_type=password'
  expect(signInSnippet(language, url)).toContain(language === 'js' ? JSON.stringify(url) : shellQuote(url))
})
