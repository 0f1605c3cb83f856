import { copyRowText, copyText, fullText, isCut, moveCell, rangeBetween, rangeCells, rangeText, MAX_CONTENT_HEIGHT, rowLayout, rowPosition, rowWindow, scrollTopShowing, type CellPosition } from './ResultsGrid.utils'

const grid = { rows: 100, cols: 5, page: 20 }

it.each<[CellPosition | null, string, boolean, CellPosition | null]>([
  [null, 'ArrowDown', false, { row: 0, col: 0 }],
  [null, 'a', false, null],
  [{ row: 3, col: 2 }, 'ArrowDown', false, { row: 4, col: 2 }],
  [{ row: 0, col: 2 }, 'ArrowUp', false, { row: 0, col: 2 }],
  [{ row: 3, col: 4 }, 'ArrowRight', false, { row: 3, col: 4 }],
  [{ row: 3, col: 0 }, 'ArrowLeft', false, { row: 3, col: 0 }],
  [{ row: 90, col: 1 }, 'PageDown', false, { row: 99, col: 1 }],
  [{ row: 30, col: 1 }, 'PageUp', false, { row: 10, col: 1 }],
  [{ row: 30, col: 3 }, 'Home', false, { row: 30, col: 0 }],
  [{ row: 30, col: 1 }, 'End', false, { row: 30, col: 4 }],
  [{ row: 30, col: 3 }, 'Home', true, { row: 0, col: 0 }],
  [{ row: 30, col: 1 }, 'End', true, { row: 99, col: 4 }],
  [{ row: 3, col: 2 }, 'Enter', false, null],
])('moveCell(%j, %s, ctrl %s) → %j', (from, key, ctrl, expected) => expect(moveCell(from, key, { ...grid, ctrl })).toEqual(expected))

it('moves nowhere in an empty grid', () => expect(moveCell(null, 'ArrowDown', { rows: 0, cols: 3, page: 1 })).toBeNull())

it.each([
  [null, ''],
  ['text', 'text'],
  [12, '12'],
  [false, 'false'],
  [{ a: [1] }, '{"a":[1]}'],
])('copyText(%j) → %j', (value, expected) => expect(copyText(value)).toBe(expected))

it('copies a row as one JSON object in column order', () => {
  const columns = [
    { name: 'b', dataTypeID: 25 },
    { name: 'a', dataTypeID: 23 },
  ]
  expect(copyRowText(columns, [null, 1])).toBe('{"b":null,"a":1}')
})

it('keeps both values of two columns with the same name when copying a row', () => {
  const columns = [
    { name: 'dup', dataTypeID: 25 },
    { name: 'dup', dataTypeID: 25 },
  ]
  expect(copyRowText(columns, ['a', 'b'])).toBe('{"dup":"a","dup_2":"b"}')
})

it('shows JSON indented and says which values the grid cuts', () => {
  expect(fullText({ a: 1 })).toBe('{\n  "a": 1\n}')
  expect(fullText(null)).toBeNull()
  expect(fullText('{"kept":"as text"}')).toBe('{"kept":"as text"}')
  expect(isCut('x'.repeat(500))).toBe(false)
  expect(isCut('x'.repeat(501))).toBe(true)
})

describe('a selected block of cells', () => {
  it('spans from the anchor to the focused cell, whichever corner each is', () => {
    expect(rangeBetween({ row: 5, col: 2 }, { row: 1, col: 0 })).toEqual({ top: 1, bottom: 5, left: 0, right: 2 })
    expect(rangeCells({ top: 1, bottom: 5, left: 0, right: 2 })).toBe(15)
  })

  it('copies as tab-separated lines, NULL as nothing, keeping the block shape', () => {
    const data = [
      ['a', 1, null],
      ['line\nbreak', 2, { k: 'tab\there' }],
    ]
    expect(rangeText({ top: 0, bottom: 1, left: 0, right: 2 }, (r, c) => data[r][c])).toBe('a\t1\t\nline break\t2\t{"k":"tab\\there"}')
    expect(rangeText({ top: 1, bottom: 1, left: 1, right: 1 }, (r, c) => data[r][c])).toBe('2')
  })
})

// Rows of 28 px below a 32 px header; a viewport of 600 px shows 600 - 32 = 568 px of rows.
describe('rowWindow', () => {
  it.each([
    ['the top', 0, 600, 1_000_000, 0, { start: 0, end: 21 }],
    ['the top, with overscan', 0, 600, 1_000_000, 10, { start: 0, end: 31 }],
    ['far down', 28 * 250_000, 600, 500_000, 10, { start: 249_988, end: 250_031 }],
    ['the end', 32 + 28 * 500_000 - 600, 600, 500_000, 10, { start: 499_968, end: 500_000 }],
    ['fewer rows than fit', 0, 600, 5, 10, { start: 0, end: 5 }],
    ['no rows', 0, 600, 0, 10, { start: 0, end: 0 }],
    ['no viewport yet', 0, 0, 1_000, 10, { start: 0, end: 10 }],
    ['a count that shrank under the scroll position', 28 * 500, 600, 100, 10, { start: 100, end: 100 }],
  ])('%s', (_, scrollTop, height, rows, overscan, expected) => expect(rowWindow(scrollTop, height, rows, overscan)).toEqual(expected))
})

describe('scrollTopShowing', () => {
  it.each([
    ['a row in view', 5, 0, 600, null],
    ['a row below the viewport: it lands at the bottom', 100, 0, 600, 32 + 28 * 101 - 600],
    ['a row under the sticky header: it lands just below it', 10, 32 + 28 * 10 - 1, 600, 28 * 10],
    ['the first row from far down', 0, 28 * 5_000, 600, 0],
  ])('%s', (_, index, scrollTop, height, expected) => expect(scrollTopShowing(index, scrollTop, height, 100_000)).toBe(expected))
})

// 2,000,000 rows are 56 million px: more than a browser lets an element be.
describe('a table taller than MAX_CONTENT_HEIGHT', () => {
  const rows = 2_000_000
  const full = 32 + 28 * rows
  const bottom = MAX_CONTENT_HEIGHT - 600

  it('keeps the content at MAX_CONTENT_HEIGHT and maps the scroll range onto every row', () => {
    expect(rowLayout(0, 600, rows).height).toBe(MAX_CONTENT_HEIGHT)
    expect(rowLayout(bottom, 600, rows).offset).toBeCloseTo(full - 600)
    expect(rowWindow(0, 600, rows, 0)).toEqual({ start: 0, end: 21 })
    expect(rowWindow(bottom, 600, rows, 0).end).toBe(rows)
  })

  it('places the rows in view inside the viewport: the last one at its bottom when scrolled to the end', () => {
    expect(rowPosition(rows - 1, bottom, 600, rows) + 28).toBeCloseTo(bottom + 600)
    expect(rowPosition(0, 0, 600, rows)).toBe(32)
    const middle = bottom / 2
    const { start, end } = rowWindow(middle, 600, rows, 0)
    for (const index of [start + 1, end - 1]) {
      const top = rowPosition(index, middle, 600, rows)
      expect(top).toBeGreaterThanOrEqual(middle)
      expect(top).toBeLessThan(middle + 600)
    }
  })

  it('scrolls a row into view below the header, wherever it is', () => {
    for (const index of [1_999_999, 1_000_000, 12_345]) {
      const to = scrollTopShowing(index, 0, 600, rows)!
      const top = rowPosition(index, to, 600, rows)
      expect(top).toBeGreaterThanOrEqual(to + 32 - 0.5)
      expect(top + 28).toBeLessThanOrEqual(to + 600 + 0.5)
      expect(scrollTopShowing(index, to, 600, rows)).toBeNull()
    }
  })
})
