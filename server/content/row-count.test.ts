import { describe, expect, it } from 'vitest'
import { rowCountOf } from './row-count'

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value))
const statement = (rowCount: number | null, rows: unknown[]) => ({ command: 'SELECT', rowCount, columns: [], rows })

describe('rowCountOf', () => {
  it.each([
    ['no rows', [], 0],
    ['rows of objects', [{ a: 1 }, { a: 2 }, { a: 3 }], 3],
    ['text with commas, brackets and quotes', [{ t: 'a, b ] } [ {' }, { t: 'say "hi", \\"ok\\"' }, { t: '\\' }], 3],
    ['nested values', [{ j: { x: [1, 2, { y: 'z,z' }] } }, { j: [] }], 2],
    ['scalars', [1, 'two', null, true], 4],
  ])('last statement: %s', (_, rows, expected) => {
    expect(rowCountOf(bytes(rows), 'last')).toBe(expected)
  })

  it('reads spaced JSON too', () => {
    expect(rowCountOf(bytes('[ {"a": 1} , {"a": 2} ]'), 'last')).toBe(2)
    expect(rowCountOf(bytes(' [ ] '), 'last')).toBe(0)
  })

  it.each([
    ['one statement', [statement(2, [{ a: 1 }, { a: 2 }])], 2],
    ['the last of several', [statement(5, []), statement(1, [{ a: 1 }])], 1],
    ['a statement without a count', [statement(3, []), statement(null, [])], null],
    ['a column named rowCount in the rows', [statement(1, [{ rowCount: 99, t: '"rowCount":7' }])], 1],
    ['nothing', [], null],
  ])('every statement: %s', (_, statements, expected) => {
    expect(rowCountOf(bytes(statements), 'all')).toBe(expected)
  })
})
