import { ResultJsonBuilder } from './result-json.mjs'

const columns = [{ name: 'v', dataTypeID: 25 }]

describe('ResultJsonBuilder size cap', () => {
  it('builds results under the cap', () => {
    const b = new ResultJsonBuilder('all', 1_000)
    b.rowDescription(columns)
    b.dataRow(['a'])
    b.commandComplete('SELECT 1')
    expect(b.tooLarge).toBe(false)
    expect(JSON.parse(b.toBytes().toString())).toEqual([{ command: 'SELECT', rowCount: 1, columns, rows: [{ v: 'a' }] }])
  })

  it('stops keeping rows past the cap and says what to do', () => {
    const b = new ResultJsonBuilder('last', 100)
    b.rowDescription(columns)
    for (let i = 0; i < 1_000; i++) b.dataRow(['x'.repeat(20)])
    b.commandComplete('SELECT 1000')
    expect(b.tooLarge).toBe(true)
    expect(b.chunks).toEqual([])
    expect(b.text).toBe('')
    expect(b.tooLargeError()).toEqual({
      code: '54000',
      message: expect.stringContaining('Add a LIMIT, or select fewer rows or columns.'),
    })
  })
})

describe('ResultJsonBuilder chunks', () => {
  it('counts the cap in UTF-8 bytes, not characters', () => {
    // 40 characters of 2 bytes each per row: 42 characters, 82 bytes of JSON.
    const feed = (max: number) => {
      const b = new ResultJsonBuilder('last', max)
      b.rowDescription(columns)
      b.dataRow(['é'.repeat(40)])
      b.commandComplete('SELECT 1')
      return b
    }
    expect(feed(90).tooLarge).toBe(false)
    expect(feed(60).tooLarge).toBe(true)
  })

  it('answers results of many chunks whole, every statement and non-ASCII text included', () => {
    const b = new ResultJsonBuilder('all', 100_000_000)
    const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => [`${tag}-${i}-é€😀`])
    const first = rows(30_000, 'a')
    const second = rows(5, 'b')
    for (const [tag, batch] of [['SELECT 30000', first], ['SELECT 5', second]] as const) {
      b.rowDescription(columns)
      for (const row of batch) b.dataRow(row)
      b.commandComplete(tag)
    }
    expect(b.statements.length).toBeGreaterThan(10)
    expect(JSON.parse(b.toBytes().toString())).toEqual([
      { command: 'SELECT', rowCount: 30_000, columns, rows: first.map(([v]) => ({ v })) },
      { command: 'SELECT', rowCount: 5, columns, rows: second.map(([v]) => ({ v })) },
    ])
  })
})

describe('ResultJsonBuilder row count (for the query history)', () => {
  const feed = (shape: 'all' | 'last', statements: { tag: string; rows?: (string | null)[][] }[]) => {
    const b = new ResultJsonBuilder(shape, 1_000_000)
    for (const { tag, rows } of statements) {
      if (rows) {
        b.rowDescription(columns)
        for (const row of rows) b.dataRow(row)
      }
      b.commandComplete(tag)
    }
    return b.rowCount
  }

  it.each([
    ['no rows', [{ tag: 'SELECT 0', rows: [] }], 0],
    ['rows, text with commas, brackets and quotes', [{ tag: 'SELECT 3', rows: [['a, b ] } [ {'], ['say "hi"'], ['\\']] }], 3],
    ['the last of several', [{ tag: 'SELECT 2', rows: [['a'], ['b']] }, { tag: 'SELECT 1', rows: [['c']] }], 1],
    ['a last statement without rows', [{ tag: 'SELECT 1', rows: [['a']] }, { tag: 'CREATE TABLE' }], 0],
  ])('last statement: %s', (_, statements, expected) => expect(feed('last', statements)).toBe(expected))

  it.each([
    ['one statement', [{ tag: 'SELECT 2', rows: [['a'], ['b']] }], 2],
    ['the last of several', [{ tag: 'INSERT 0 5' }, { tag: 'SELECT 1', rows: [['a']] }], 1],
    ['a statement without a count', [{ tag: 'SELECT 3', rows: [['a'], ['b'], ['c']] }, { tag: 'CREATE TABLE' }], null],
    ['nothing', [], null],
  ])('every statement: %s', (_, statements, expected) => expect(feed('all', statements)).toBe(expected))
})
