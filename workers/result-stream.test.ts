import { ResultStreamBuilder } from './result-stream.mjs'

function build(feed: (b: ResultStreamBuilder) => void) {
  const lines: string[] = []
  const b = new ResultStreamBuilder((text: string) => lines.push(text))
  feed(b)
  b.flush()
  return { builder: b, lines: lines.join('').split('\n').filter(Boolean).map((line) => JSON.parse(line)) }
}

describe('ResultStreamBuilder', () => {
  it('writes rows as arrays in column order, values typed like the JSON answer', () => {
    const { lines, builder } = build((b) => {
      b.rowDescription([
        { name: 'dup', dataTypeID: 23 },
        { name: 'dup', dataTypeID: 16 },
        { name: 'doc', dataTypeID: 3802 },
        { name: 'big', dataTypeID: 20 },
      ])
      b.dataRow(['1', 't', '{"a": [1]}', '9007199254740993'])
      b.dataRow([null, 'f', null, '5'])
      b.commandComplete('SELECT 2')
    })
    expect(lines).toEqual([
      { type: 'columns', columns: [{ name: 'dup', dataTypeID: 23 }, { name: 'dup', dataTypeID: 16 }, { name: 'doc', dataTypeID: 3802 }, { name: 'big', dataTypeID: 20 }] },
      { type: 'rows', rows: [[1, true, { a: [1] }, '9007199254740993'], [null, false, null, 5]] },
      { type: 'complete', command: 'SELECT', rowCount: 2 },
    ])
    expect(builder.lastRowCount).toBe(2)
  })

  it('hands rows on in batches while a statement still runs: small first, then larger', () => {
    const batches: number[] = []
    const b = new ResultStreamBuilder((text: string) => {
      const line = JSON.parse(text)
      if (line.type === 'rows') batches.push(line.rows.length)
    })
    b.rowDescription([{ name: 'v', dataTypeID: 25 }])
    for (let i = 0; i < 20_000; i++) b.dataRow(['x'.repeat(30)])
    expect(batches.length).toBeGreaterThan(2) // before the statement completed
    expect(batches[1]).toBeGreaterThan(batches[0])
    b.commandComplete('SELECT 20000')
    expect(batches.reduce((a, n) => a + n, 0)).toBe(20_000)
  })

  it('writes notices with their details, and statements without rows', () => {
    const { lines, builder } = build((b) => {
      b.notice({ severity: 'NOTICE', message: 'table "x" does not exist, skipping', code: '00000' })
      b.commandComplete('DROP TABLE')
    })
    expect(lines).toEqual([
      { type: 'notice', severity: 'NOTICE', message: 'table "x" does not exist, skipping', code: '00000' },
      { type: 'complete', command: 'DROP TABLE', rowCount: null },
    ])
    expect(builder.lastRowCount).toBeNull()
  })
})
