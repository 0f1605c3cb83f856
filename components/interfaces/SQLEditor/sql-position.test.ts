import { describe, expect, it } from 'vitest'
import {
  indexToLineColumn,
  locateSqlError,
  pgPositionToIndex,
  selectionIndexToDocumentIndex,
} from './sql-position'

describe('pgPositionToIndex', () => {
  it.each([
    ['select 1', 1, 0],
    ['select 1', 8, 7],
    ['select 1', 0, 0],
    ['select 1', -3, 0],
    ['select 1', Number.NaN, 0],
    ['select 1', 99, 8],
    // 😀 is one Postgres character but two UTF-16 code units
    ["select '😀', x", 11, 11],
    ["select '😀', x", 13, 13],
    ["select '😀', x", 14, 14],
    ['é', 2, 1],
  ])('%j at position %d → index %d', (sql, position, expected) => {
    expect(pgPositionToIndex(sql, position)).toBe(expected)
  })
})

describe('indexToLineColumn', () => {
  it.each([
    ['select 1', 0, { line: 1, column: 1 }],
    ['select 1', 7, { line: 1, column: 8 }],
    ['select 1;\nselect foo', 10, { line: 2, column: 1 }],
    ['select 1;\nselect foo', 17, { line: 2, column: 8 }],
    ['a\r\nb', 3, { line: 2, column: 1 }],
    ['a\r\nb', 1, { line: 1, column: 2 }],
    ['a\rb', 2, { line: 2, column: 1 }],
    ['\n\n\nx', 3, { line: 4, column: 1 }],
    ['abc', 50, { line: 1, column: 4 }],
    ['abc', -1, { line: 1, column: 1 }],
  ])('%j index %d → %j', (text, index, expected) => {
    expect(indexToLineColumn(text, index)).toEqual(expected)
  })
})

describe('selectionIndexToDocumentIndex', () => {
  it.each([
    [0, 0, 0],
    [5, 0, 5],
    [5, 20, 25],
    [0, 20, 20],
  ])('index %d in text starting at %d → %d', (index, from, expected) => {
    expect(selectionIndexToDocumentIndex(index, from)).toBe(expected)
  })
})

describe('locateSqlError', () => {
  it('maps a position in the whole document', () => {
    const document = 'select 1;\nselect * from nope;'
    // Postgres: relation "nope" does not exist, position 25 (1-based, into the whole query)
    expect(locateSqlError({ document, ranSql: document, ranFrom: 0, position: 25 })).toEqual({
      index: 24,
      line: 2,
      column: 15,
    })
  })

  it('maps a position in a selection into the document', () => {
    const document = '-- header\nselect 1;\n\nselect * from nope;\n'
    const ranFrom = document.indexOf('select * from nope')
    const ranSql = 'select * from nope'
    // "nope" is at position 15 of the selection
    expect(locateSqlError({ document, ranSql, ranFrom, position: 15 })).toEqual({
      index: ranFrom + 14,
      line: 4,
      column: 15,
    })
  })

  it('counts characters, not UTF-16 units, in the text that ran', () => {
    const document = "select '😀' frm t"
    // Postgres: syntax error at or near "frm", position 12
    const at = locateSqlError({ document, ranSql: document, ranFrom: 0, position: 12 })
    expect(document.slice(at.index, at.index + 3)).toBe('frm')
    expect(at).toMatchObject({ line: 1, column: 13 })
  })
})
