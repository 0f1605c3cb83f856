import { describe, expect, it } from 'vitest'
import { cursorColumn, cursorOf, referencedRowSql, rowsSql } from './rows'
import { column, table } from './test-fixtures'

const items = table([
  column('id', 'bigint', 'number', { primaryKey: true, nullable: false }),
  column('score', 'integer', 'number'),
  column('label', 'text', 'text', { nullable: false }),
  column('Odd "name"', 'text', 'text'),
])
const noKey = table([column('v', 'integer', 'number')], { name: 'loose' })
const base = { filters: [], after: null, limit: 100 }

describe('rowsSql', () => {
  it('orders the first page by the primary key and carries the cursor', () => {
    expect(rowsSql({ ...base, table: items, sort: null })).toBe(
      'select t.*, json_build_array(t.id::text) as __cursor\nfrom public.items t\norder by t.id asc\nlimit 100'
    )
  })

  it('continues after the cursor with a row comparison, never OFFSET', () => {
    const sql = rowsSql({ ...base, table: items, sort: { column: 'label', ascending: false }, after: ["it's", '7'] })
    expect(sql).toContain(`where (t.label, t.id) < (E'it''s'::text, E'7'::bigint)`)
    expect(sql).toContain('order by t.label desc, t.id desc')
    expect(sql).not.toMatch(/offset/i)
  })

  it('joins the values and then the NULLs of a nullable sort column, each its own index scan', () => {
    const sql = rowsSql({ ...base, table: items, sort: { column: 'score', ascending: true }, after: ['5', '10'] })
    expect(sql).toContain(`where (t.score, t.id) > (E'5'::integer, E'10'::bigint)`)
    expect(sql).toContain('union all')
    expect(sql).toContain('where t.score is null\norder by t.id asc')
    expect(sql).toMatch(/^select \(page\.r\)\.\*, page\.c as __cursor/)
  })

  it('pages within the NULLs by the key alone', () => {
    const asc = rowsSql({ ...base, table: items, sort: { column: 'score', ascending: true }, after: [null, '10'] })
    expect(asc).toContain(`where t.score is null\n  and t.id > E'10'::bigint`)
    expect(asc).not.toContain('union all')
    const desc = rowsSql({ ...base, table: items, sort: { column: 'score', ascending: false }, after: [null, '10'] })
    expect(desc).toContain(`t.id < E'10'::bigint`)
    expect(desc).toContain('where t.score is not null')
  })

  it('reads the page before a cursor as the page after it in the opposite order', () => {
    const back = rowsSql({ ...base, table: items, sort: null, after: ['101'], backward: true })
    expect(back).toContain(`where t.id < E'101'::bigint\norder by t.id desc`)
    // Ascending, the NULLs come last: before a value there are only values.
    const beforeValue = rowsSql({ ...base, table: items, sort: { column: 'score', ascending: true }, after: ['5', '10'], backward: true })
    expect(beforeValue).toContain(`where (t.score, t.id) < (E'5'::integer, E'10'::bigint)\norder by t.score desc, t.id desc`)
    expect(beforeValue).not.toContain('union all')
    // Before a NULL: the NULLs before it, then every value, nearest first.
    const beforeNull = rowsSql({ ...base, table: items, sort: { column: 'score', ascending: true }, after: [null, '10'], backward: true })
    expect(beforeNull).toContain(`where t.score is null\n  and t.id < E'10'::bigint\norder by t.id desc`)
    expect(beforeNull).toContain('where t.score is not null\norder by t.score desc, t.id desc')
    // The first page has nothing before it to turn round.
    expect(rowsSql({ ...base, table: items, sort: null, backward: true })).toBe(rowsSql({ ...base, table: items, sort: null }))
  })

  it('orders a table without a primary key by ctid', () => {
    const sql = rowsSql({ ...base, table: noKey, sort: null, after: ['(0,5)'] })
    expect(sql).toContain(`where t.ctid > E'(0,5)'::tid`)
    expect(sql).toContain('order by t.ctid asc')
  })

  it('turns filters into conditions with literals of the column type', () => {
    const sql = rowsSql({
      ...base,
      table: items,
      sort: null,
      filters: [
        { column: 'score', operator: 'in', value: '1, 2,3' },
        { column: 'label', operator: 'like', value: "%o'k%" },
        { column: 'Odd "name"', operator: 'is null', value: '' },
        { column: 'score', operator: '<>', value: '4' },
      ],
    })
    expect(sql).toContain(`t.score in (E'1'::integer, E'2'::integer, E'3'::integer)`)
    expect(sql).toContain(`t.label::text like E'%o''k%'`)
    expect(sql).toContain(`t."Odd ""name""" is null`)
    expect(sql).toContain(`t.score <> E'4'::integer`)
  })

  it('refuses unknown columns, a bad number and a cursor of the wrong length', () => {
    expect(() => rowsSql({ ...base, table: items, sort: { column: 'nope', ascending: true } })).toThrow('no column "nope"')
    expect(() => rowsSql({ ...base, table: items, sort: null, filters: [{ column: 'score', operator: '=', value: 'x' }] })).toThrow('not a number')
    expect(() => rowsSql({ ...base, table: items, sort: null, after: ['1', '2'] })).toThrow('cursor')
  })

  it('names the hidden column so that it cannot clash with a real one', () => {
    const clash = table([column('__cursor', 'text', 'text', { primaryKey: true }), column('t', 'text', 'text')])
    expect(cursorColumn(clash)).toBe('___cursor')
    const sql = rowsSql({ ...base, table: clash, sort: null })
    expect(sql).toBe('select _t.*, json_build_array(_t.__cursor::text) as ___cursor\nfrom public.items _t\norder by _t.__cursor asc\nlimit 100')
    expect(cursorOf({ table: clash, sort: null }, { __cursor: 'a', ___cursor: ['a'] })).toEqual(['a'])
    expect(() => cursorOf({ table: items, sort: null }, { id: 1 })).toThrow('no cursor')
  })
})

describe('referencedRowSql', () => {
  it('finds the row by an untyped literal', () => {
    expect(referencedRowSql({ schema: 'public', table: 'owners', column: 'id', onDelete: 'CASCADE', constraint: 'fk' }, 42)).toBe(
      `select * from public.owners where id = E'42' limit 1`
    )
    expect(referencedRowSql({ schema: 'My Schema', table: 'o', column: 'k', onDelete: 'NO ACTION', constraint: 'fk' }, null)).toContain('where false')
  })
})
