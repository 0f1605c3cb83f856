import type { ColumnInfo } from '@/lib/table-editor'
import { columnChangeOf, draftOf } from './column-change'

const column: ColumnInfo = {
  name: 'owner',
  type: 'bigint',
  category: 'number',
  nullable: true,
  defaultValue: null,
  identity: false,
  generated: false,
  primaryKey: false,
  unique: false,
  foreignKey: { schema: 'public', table: 'users', column: 'id', onDelete: 'CASCADE', constraint: 'todos_owner_fkey' },
  comment: null,
}

it('finds no change in an untouched form', () => expect(columnChangeOf(column, draftOf(column))).toEqual({}))

it('names only what changed', () => {
  const draft = { ...draftOf(column), name: 'owner_id', nullable: false, defaultValue: '0' }
  expect(columnChangeOf(column, draft)).toEqual({ name: 'owner_id', nullable: false, defaultValue: '0' })
})

it('drops a default and a foreign key', () => {
  const withDefault = { ...column, defaultValue: 'now()' }
  expect(columnChangeOf(withDefault, { ...draftOf(withDefault), defaultValue: null, foreignKey: null })).toEqual({ defaultValue: null, foreignKey: null })
})

it('sees a changed ON DELETE', () => {
  const draft = draftOf(column)
  expect(columnChangeOf(column, { ...draft, foreignKey: { ...draft.foreignKey!, onDelete: 'SET NULL' } })).toEqual({
    foreignKey: { schema: 'public', table: 'users', column: 'id', onDelete: 'SET NULL' },
  })
})
