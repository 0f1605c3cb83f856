import { describe, expect, it } from 'vitest'
import { deleteRowsSql, insertRowSql, updateRowSql } from './row-changes'
import { column, table } from './test-fixtures'

const items = table([column('id', 'bigint', 'number', { primaryKey: true }), column('name', 'text', 'text'), column('doc', 'jsonb', 'json')])
const pair = table([column('a', 'integer', 'number', { primaryKey: true }), column('b', 'text', 'text', { primaryKey: true })], { name: 'pairs' })

describe('row changes', () => {
  it('inserts the given columns, the others take their default', () => {
    expect(insertRowSql(items, { name: "O'Reilly", doc: null, id: { default: true } })).toBe(
      `insert into public.items (name, doc, id)\nvalues ('O''Reilly'::text, NULL, DEFAULT)\nreturning *`
    )
    expect(insertRowSql(items, {})).toBe('insert into public.items default values returning *')
  })

  it('updates one row found by its primary key as it was answered', () => {
    expect(updateRowSql(items, { id: 7, name: 'x', doc: { a: 1 } }, { doc: '{"a":2}' })).toBe(
      `update public.items\nset doc = '{"a":2}'::jsonb\nwhere id = '7'::bigint\nreturning *`
    )
    expect(updateRowSql(pair, { a: 1, b: "q'" }, { b: 'r' })).toContain(`where a = '1'::integer and b = 'q'''::text`)
  })

  it('deletes rows by key, composite keys as row values', () => {
    expect(deleteRowsSql(items, [{ id: 1 }, { id: '9007199254740993' }])).toBe(`delete from public.items\nwhere id in ('1'::bigint, '9007199254740993'::bigint)`)
    expect(deleteRowsSql(pair, [{ a: 1, b: 'x' }])).toBe(`delete from public.pairs\nwhere (a, b) in (('1'::integer, 'x'::text))`)
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
