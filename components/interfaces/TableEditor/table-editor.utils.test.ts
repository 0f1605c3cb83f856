import type { ColumnInfo, TableDetail } from '@/lib/table-editor'
import { activeFilters, cellPreview, editorHref, rowCountText, jsonError, nextSort, rowKey } from './table-editor.utils'

const column = (name: string): ColumnInfo => ({
  name,
  type: 'text',
  category: 'text',
  nullable: true,
  defaultValue: null,
  identity: false,
  generated: false,
  primaryKey: false,
  unique: false,
  foreignKey: null,
  comment: null,
})

it.each([
  [1_000_000, null, '≈ 1,000,000 rows'],
  [1, null, '≈ 1 row'],
  [12.6, null, '≈ 13 rows'],
  [null, 200, '200 rows'],
  [null, 1, '1 row'],
  [0, 0, '0 rows'],
  [0, 7, '7 rows'],
  [null, 1000, '1,000 rows'],
  [null, 1001, 'more than 1,000 rows'],
  [null, null, 'not estimated yet'],
  [-1, null, 'not estimated yet'],
])('rowCountText(estimate %s, counted %s) → %s', (estimatedRows, countedRows, expected) => expect(rowCountText({ estimatedRows, countedRows })).toBe(expected))

it('cycles the sort of a column: ascending, descending, none; another column starts ascending', () => {
  expect(nextSort(null, 'a')).toEqual({ column: 'a', ascending: true })
  expect(nextSort({ column: 'a', ascending: true }, 'a')).toEqual({ column: 'a', ascending: false })
  expect(nextSort({ column: 'a', ascending: false }, 'a')).toBeNull()
  expect(nextSort({ column: 'a', ascending: false }, 'b')).toEqual({ column: 'b', ascending: true })
})

it('sends only complete filters on columns that exist', () => {
  const columns = [column('a'), column('b')]
  expect(
    activeFilters(
      [
        { column: 'a', operator: '=', value: '1' },
        { column: 'a', operator: '=', value: '  ' },
        { column: 'b', operator: 'is null', value: '' },
        { column: 'gone', operator: '=', value: 'x' },
      ],
      columns
    )
  ).toEqual([
    { column: 'a', operator: '=', value: '1' },
    { column: 'b', operator: 'is null', value: '' },
  ])
})

it('keys a row by its primary key, by position without one', () => {
  const table = { primaryKey: ['id', 'k'] } as TableDetail
  expect(rowKey(table, { id: 1, k: 'x', other: 2 }, 5)).toBe('[1,"x"]')
  expect(rowKey({ primaryKey: [] } as unknown as TableDetail, { a: 1 }, 5)).toBe('#5')
})

it('reports JSON that does not parse', () => {
  expect(jsonError('{"a":1}')).toBeNull()
  expect(jsonError('{a:1}')).toMatch(/^Not valid JSON/)
})

it('builds links that survive odd names', () => {
  expect(editorHref('abc', 'public')).toBe('/project/abc/editor')
  expect(editorHref('abc', 'my schema')).toBe('/project/abc/editor?schema=my%20schema')
  expect(editorHref('abc', 'public', 'a/b"c')).toBe('/project/abc/editor/public/a%2Fb%22c')
})

it('shows NULL for null and cuts long text', () => {
  expect(cellPreview(null)).toBe('NULL')
  expect(cellPreview('x'.repeat(400))).toHaveLength(301)
})
