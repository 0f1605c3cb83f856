import { groupBySchema, ownerColumnOf, policyTablesFromRows, roleChoices, type PolicyTable } from './policies-sql'

const table = (schema: string, name: string, over: Partial<PolicyTable> = {}): PolicyTable => ({
  schema,
  name,
  rls: false,
  forceRls: false,
  owned: true,
  columns: [],
  policies: [],
  ...over,
})

it.each<[string[], string[]]>([
  [['app', 'public', 'zoo'], ['public', 'app', 'zoo']],
  [['b', 'a'], ['a', 'b']],
  [['public'], ['public']],
  [[], []],
])('groups %j as %j', (schemas, expected) => {
  expect(groupBySchema(schemas.map((s) => table(s, 't'))).map((g) => g.schema)).toEqual(expected)
})

it('keeps tables of a schema together in their order', () => {
  const groups = groupBySchema([table('public', 'a'), table('app', 'x'), table('public', 'b')])
  expect(groups.map((g) => [g.schema, g.tables.map((t) => t.name)])).toEqual([
    ['public', ['a', 'b']],
    ['app', ['x']],
  ])
})

it('reads the answer embedded or as text, and refuses a foreign shape', () => {
  const rows = [{ tables: [table('public', 'todos')] }]
  expect(policyTablesFromRows(rows)).toEqual([table('public', 'todos')])
  expect(policyTablesFromRows([{ tables: JSON.stringify(rows[0].tables) }])).toEqual([table('public', 'todos')])
  expect(policyTablesFromRows([])).toEqual([])
  expect(() => policyTablesFromRows([{ tables: [{ schema: 'public' }] }])).toThrow()
})

it('offers the API roles first, then the roles policies name', () => {
  const policy = { name: 'p', command: 'SELECT' as const, permissive: true, roles: ['editors', 'anon'], using: 'true', withCheck: null }
  expect(roleChoices([table('public', 't', { policies: [policy] })])).toEqual(['public', 'anon', 'authenticated', 'service_role', 'editors'])
})

it.each<[string[], string]>([
  [['id', 'user_id'], 'user_id'],
  [['id', 'owner_id'], 'owner_id'],
  [['id', 'owner'], 'owner'],
  [['id', 'title'], 'user_id'],
])('owner column of %j is %s', (columns, expected) => expect(ownerColumnOf(columns)).toBe(expected))
