import { describe, expect, it } from 'vitest'
import { deleteRowsSql, insertRowSql, rowCountProblem, updateRowSql } from './row-changes'
import { column, table } from './test-fixtures'

const items = table([
  column('id', 'bigint', 'number', { primaryKey: true }),
  column('name', 'text', 'text'),
  column('doc', 'jsonb', 'json'),
  column('at', 'point', 'other'),
  column('tags', 'text[]', 'array'),
])
const pair = table([column('a', 'integer', 'number', { primaryKey: true }), column('b', 'text', 'text', { primaryKey: true })], { name: 'pairs' })

describe('row changes', () => {
  it('inserts the given columns, the others take their default', () => {
    expect(insertRowSql(items, { name: "O'Reilly", doc: null, id: { default: true } })).toBe(
      `insert into public.items (name, doc, id)\nvalues (E'O''Reilly'::text, NULL, DEFAULT)\nreturning *`
    )
    expect(insertRowSql(items, {})).toBe('insert into public.items default values returning *')
  })

  it('updates one row found by its primary key, only while the changed cells hold what was shown', () => {
    expect(updateRowSql(items, { id: 7, name: 'x', doc: { a: 1 } }, { doc: '{"a":2}' })).toBe(
      `update public.items\nset doc = E'{"a":2}'::jsonb\nwhere id = E'7'::bigint\n  and doc::jsonb is not distinct from E'{"a":1}'::jsonb\nreturning *`
    )
    expect(updateRowSql(items, { id: 7, name: null }, { name: 'y' })).toContain(`where id = E'7'::bigint\n  and name is null\n`)
    expect(updateRowSql(items, { id: 7, name: "it's" }, { name: 'y' })).toContain(`and name is not distinct from E'it''s'::text\n`)
    // Types without `=` of their own are compared by their text.
    expect(updateRowSql(items, { id: 7, at: '(1,2)' }, { at: '(3,4)' })).toContain(`and at::text is not distinct from E'(1,2)'::point::text\n`)
    expect(updateRowSql(items, { id: 7, tags: '{a}' }, { tags: '{b}' })).toContain(`and tags::text is not distinct from E'{a}'::text[]::text\n`)
    // Key columns are matched by the key already.
    expect(updateRowSql(pair, { a: 1, b: "q'" }, { b: 'r' })).toContain(`where a = E'1'::integer and b = E'q'''::text\nreturning *`)
  })

  it('deletes rows by key, composite keys as row values, answering the keys it found', () => {
    expect(deleteRowsSql(items, [{ id: 1 }, { id: '9007199254740993' }])).toBe(
      `delete from public.items\nwhere id in (E'1'::bigint, E'9007199254740993'::bigint)\nreturning id`
    )
    expect(deleteRowsSql(pair, [{ a: 1, b: 'x' }])).toBe(`delete from public.pairs\nwhere (a, b) in ((E'1'::integer, E'x'::text))\nreturning a, b`)
  })

  it('calls anything but the expected count of rows a conflict', () => {
    expect(rowCountProblem(1, 1)).toBeNull()
    expect(rowCountProblem(3, 3)).toBeNull()
    expect(rowCountProblem(1, 0)).toContain('changed or was deleted meanwhile')
    expect(rowCountProblem(1, 0)).toContain('nothing was changed')
    expect(rowCountProblem(3, 2)).toContain('2 of 3 rows were deleted')
  })

  it('refuses what it cannot do safely', () => {
    const loose = table([column('v', 'integer', 'number')], { name: 'loose' })
    expect(() => updateRowSql(loose, { v: 1 }, { v: '2' })).toThrow('has no primary key')
    expect(() => deleteRowsSql(loose, [{ v: 1 }])).toThrow('has no primary key')
    expect(() => updateRowSql(items, { name: 'no id' }, { name: 'y' })).toThrow('cannot be found again')
    expect(() => updateRowSql(items, { id: 1 }, {})).toThrow('Nothing to change')
    expect(() => insertRowSql(items, { missing: 'x' })).toThrow('no column "missing"')
  })
})
