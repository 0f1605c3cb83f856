import { callsAuthUid, groupBySchema, ownerColumnOf, policiesFromRows, roleChoices, type PolicyTable } from './policies-sql'

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
  [['auth', 'app', 'public'], ['public', 'app', 'auth']],
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
  const rows = [{ tables: [table('public', 'todos')], auth_uid: true }]
  expect(policiesFromRows(rows)).toEqual({ tables: [table('public', 'todos')], authUid: true })
  expect(policiesFromRows([{ tables: JSON.stringify(rows[0].tables), auth_uid: false }])).toEqual({ tables: [table('public', 'todos')], authUid: false })
  expect(policiesFromRows([])).toEqual({ tables: [], authUid: false })
  expect(() => policiesFromRows([{ tables: [{ schema: 'public' }] }])).toThrow()
})

it.each<[string, boolean]>([
  ['auth.uid() = user_id', true],
  ['(select AUTH.UID()) = owner', true],
  ['auth . uid ( ) is not null', true],
  ['true', false],
  ['myauth.uid_of(x)', false],
])('%s calls auth.uid(): %s', (expression, expected) => expect(callsAuthUid(expression)).toBe(expected))

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
