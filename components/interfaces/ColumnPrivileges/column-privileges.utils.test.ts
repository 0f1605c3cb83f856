import type { CatalogTable } from '@/lib/sql/completion'
import { cellGrant, holdsAll, resolveTable, schemasWithTables } from './column-privileges.utils'

const data = {
  table_grants: [{ role: 'owner', privilege: 'SELECT' as const }],
  column_grants: [
    { role: 'reader', column: 'email', privilege: 'SELECT' as const },
    { role: 'owner', column: 'email', privilege: 'INSERT' as const },
    ...(['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const).map((privilege) => ({ role: 'writer', column: 'id', privilege })),
  ],
}

it.each([
  ['owner', 'id', 'SELECT', 'table'],
  ['owner', 'email', 'INSERT', 'column'],
  ['owner', 'id', 'INSERT', null],
  ['reader', 'email', 'SELECT', 'column'],
  ['reader', 'id', 'SELECT', null],
] as const)('%s holds %s on %s: %s', (role, column, privilege, grant) => expect(cellGrant(data, role, column, privilege)).toBe(grant))

it('holdsAll needs all four privileges', () => {
  expect(holdsAll(data, 'writer', 'id')).toBe(true)
  expect(holdsAll(data, 'writer', 'email')).toBe(false)
  expect(holdsAll(data, 'owner', 'email')).toBe(false)
})

const table = (schema: string, name: string): CatalogTable => ({ schema, name, kind: 'table', columns: [] })
const tables = [table('app', 'users'), table('public', 'todos'), table('public', 'tags')]

it('lists each schema once', () => expect(schemasWithTables(tables)).toEqual(['app', 'public']))

it.each([
  [{ schema: 'public', table: 'tags' }, { schema: 'public', table: 'tags' }],
  [{ schema: 'public', table: 'gone' }, { schema: 'public', table: 'todos' }],
  [{ schema: 'app' }, { schema: 'app', table: 'users' }],
  [{}, { schema: 'public', table: 'todos' }],
  [{ schema: 'nowhere', table: 'x' }, { schema: 'public', table: 'todos' }],
])('resolveTable(%j) → %j', (picked, choice) => expect(resolveTable(tables, picked)).toEqual(choice))

it('resolveTable answers null without tables, and the first one without public', () => {
  expect(resolveTable([], {})).toBeNull()
  expect(resolveTable([table('app', 'users')], {})).toEqual({ schema: 'app', table: 'users' })
})
