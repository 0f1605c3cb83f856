import { describe, expect, it } from 'vitest'
import { bindingMatches, matchesFilter, parseBindings, parseFilter } from './bindings'

describe('postgres_changes bindings', () => {
  it('reads the bindings realtime-js sends, and refuses what is not one', () => {
    expect(parseBindings(undefined)).toEqual([])
    expect(parseBindings([{ event: '*', schema: 'public', table: 'todos', filter: 'id=eq.1' }])).toEqual([{ event: '*', schema: 'public', table: 'todos', filter: 'id=eq.1' }])
    expect(parseBindings([{ event: 'INSERT', schema: 'public' }])).toEqual([{ event: 'INSERT', schema: 'public' }])
    expect(parseBindings('x')).toMatch(/list/)
    expect(parseBindings([{ event: 'TRUNCATE', schema: 'public' }])).toMatch(/event/)
    expect(parseBindings([{ event: '*' }])).toMatch(/schema/)
    expect(parseBindings([{ event: '*', schema: 'public', filter: 'id=like.1' }])).toMatch(/like is not offered/)
    expect(parseBindings(Array.from({ length: 101 }, () => ({ event: '*', schema: '*' })))).toMatch(/at most 100/)
  })

  it('reads filters, in lists with their values trimmed and unquoted', () => {
    expect(parseFilter('id=eq.1')).toEqual({ column: 'id', op: 'eq', values: ['1'] })
    expect(parseFilter('name=eq.a.b')).toEqual({ column: 'name', op: 'eq', values: ['a.b'] })
    expect(parseFilter('id=in.(1, 2,"three")')).toEqual({ column: 'id', op: 'in', values: ['1', '2', 'three'] })
    expect(parseFilter('id=in.1,2')).toMatch(/parentheses/)
    expect(parseFilter('id')).toMatch(/column=op.value/)
  })

  it('compares values as the column type: numbers as numbers, text as text', () => {
    const types = { n: 'int4', t: 'text', b: 'bool' }
    const test = (filter: string, record: Record<string, unknown>) => matchesFilter(parseFilter(filter) as never, record, types)
    expect(test('n=lt.10', { n: 9 })).toBe(true)
    expect(test('n=lt.10', { n: 10 })).toBe(false)
    expect(test('n=gte.10', { n: 100 })).toBe(true)
    expect(test('t=lt.b', { t: 'a' })).toBe(true)
    expect(test('b=eq.true', { b: true })).toBe(true)
    expect(test('n=neq.1', { n: null })).toBe(false)
    expect(test('n=in.(1,2)', { n: 2 })).toBe(true)
    expect(test('missing=eq.1', { n: 1 })).toBe(false)
  })

  it('matches events, schemas and tables, * for any', () => {
    const change = { schema: 'public', table: 'todos', type: 'UPDATE' as const }
    expect(bindingMatches({ event: '*', schema: '*' }, change)).toBe(true)
    expect(bindingMatches({ event: 'UPDATE', schema: 'public', table: 'todos' }, change)).toBe(true)
    expect(bindingMatches({ event: 'INSERT', schema: 'public', table: 'todos' }, change)).toBe(false)
    expect(bindingMatches({ event: '*', schema: 'app' }, change)).toBe(false)
    expect(bindingMatches({ event: '*', schema: 'public', table: 'other' }, change)).toBe(false)
  })
})
