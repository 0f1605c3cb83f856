import { describe, expect, it } from 'vitest'
import { rankCommand } from './command-filter'

const TABLE_EDITOR = ['nav:/project/abc/editor', ['Table editor', 'tables', 'rows', 'data']] as const
const WRAPPERS = ['nav:/project/abc/database/wrappers', ['Foreign data wrappers', 'wrappers', 'fdw', 'foreign table']] as const
const rank = ([value, keywords]: readonly [string, readonly string[]], search: string) => rankCommand(value, search, [...keywords])

describe('rankCommand', () => {
  it.each([
    ['table', TABLE_EDITOR, WRAPPERS],
    ['Table', TABLE_EDITOR, WRAPPERS],
    ['tab', TABLE_EDITOR, WRAPPERS],
    ['editor', TABLE_EDITOR, WRAPPERS],
    ['foreign', WRAPPERS, TABLE_EDITOR],
    ['wrappers', WRAPPERS, TABLE_EDITOR],
    ['fdw', WRAPPERS, TABLE_EDITOR],
  ])('"%s" ranks the first above the second', (search, first, second) => {
    expect(rank(first, search)).toBeGreaterThan(rank(second, search))
  })

  it.each([
    ['exact name', 'table editor', 1],
    ['name prefix', 'table ed', 0.95],
    ['a word of the name', 'edit', 0.9],
    ['inside the name', 'ble ed', 0.85],
  ])('%s', (_, search, score) => expect(rank(TABLE_EDITOR, search)).toBe(score))

  it('keeps a keyword-only match, below every name match, and drops what matches nothing', () => {
    expect(rank(TABLE_EDITOR, 'rows')).toBeGreaterThan(0)
    expect(rank(TABLE_EDITOR, 'rows')).toBeLessThan(0.85)
    expect(rank(TABLE_EDITOR, 'zzz')).toBe(0)
  })

  it('shows everything for an empty search', () => expect(rank(WRAPPERS, '  ')).toBe(1))
})
