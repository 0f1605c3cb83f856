import {
  DATABASE_OBJECT_KIND_INFO,
  DATABASE_OBJECT_KINDS,
  databaseObjectsFromRows,
  databaseObjectsSql,
  filterDatabaseObjects,
  formatSummaryValue,
  isDatabaseObjectKind,
  qualifiedName,
  schemasOf,
  type DatabaseObject,
} from './database-objects'

const object = (schema: string | null, name: string): DatabaseObject => ({ kind: 'tables', id: name, schema, name, summary: {}, definition: null })

it.each([
  ['tables', true],
  ['types', true],
  ['extensions', false],
  ['Tables', false],
  [undefined, false],
  [['tables'], false],
])('isDatabaseObjectKind(%j) is %s', (value, expected) => expect(isDatabaseObjectKind(value)).toBe(expected))

it.each(DATABASE_OBJECT_KINDS)("the %s listing reads the catalog of the project's schemas, never counting rows", (kind) => {
  const sql = databaseObjectsSql(kind)
  expect(sql).toMatch(/^with /)
  expect(sql).not.toMatch(/count\(/i)
  expect(sql).toContain("array['information_schema', 'platform_internal', 'platform_ro']")
  expect(DATABASE_OBJECT_KIND_INFO[kind].kind).toBe(kind)
})

it('parses a listing answered as JSON or as text', () => {
  const objects = [{ id: '16384', schema: 'public', name: 'todos', summary: { rows: 3, rls: true, comment: null }, definition: 'create table public.todos ();' }]
  expect(databaseObjectsFromRows('tables', [{ objects }])).toEqual([{ kind: 'tables', ...objects[0] }])
  expect(databaseObjectsFromRows('tables', [{ objects: JSON.stringify(objects) }])).toEqual([{ kind: 'tables', ...objects[0] }])
  expect(databaseObjectsFromRows('roles', [{ objects: [] }])).toEqual([])
})

it.each([[[]], [[{ objects: null }]], [[{ objects: [{ id: 1, name: 'x' }] }]], [{ objects: [] }]])('refuses the answer %j', (rows) => {
  expect(() => databaseObjectsFromRows('views', rows)).toThrow('The view listing answered something unexpected')
})

it.each([
  ['tables', 'rows', 1234567, '≈ 1,234,567'],
  ['tables', 'rows', null, 'Not analyzed yet'],
  ['tables', 'size', 16384, '16 KB'],
  ['tables', 'rls', true, 'Enabled'],
  ['tables', 'rls', false, 'Disabled'],
  ['views', 'materialized', true, 'Yes'],
  ['views', 'comment', null, '–'],
  ['roles', 'connection_limit', null, 'No limit'],
  ['roles', 'connection_limit', 3, '3'],
  ['functions', 'arguments', '', '–'],
] as const)('%s.%s %j is shown as %j', (kind, key, value, expected) => {
  const field = DATABASE_OBJECT_KIND_INFO[kind].fields.find((f) => f.key === key)!
  expect(formatSummaryValue(field, value)).toBe(expected)
})

it('filters by name or schema, any case, within the chosen schema', () => {
  const objects = [object('public', 'Todos'), object('app', 'audit'), object('app', 'todo_history'), object(null, 'app_reader')]
  expect(filterDatabaseObjects(objects, { search: 'todo', schema: null }).map(qualifiedName)).toEqual(['public.Todos', 'app.todo_history'])
  expect(filterDatabaseObjects(objects, { search: ' TODO ', schema: 'app' }).map(qualifiedName)).toEqual(['app.todo_history'])
  expect(filterDatabaseObjects(objects, { search: 'app', schema: null }).map(qualifiedName)).toEqual(['app.audit', 'app.todo_history', 'app_reader'])
  expect(filterDatabaseObjects(objects, { search: '', schema: null })).toHaveLength(4)
})

it('offers the schemas the objects are in, public first', () => {
  expect(schemasOf([object('zeta', 'a'), object('app', 'b'), object('public', 'c'), object('app', 'd'), object(null, 'e')])).toEqual(['public', 'app', 'zeta'])
})
