import { ResultJsonBuilder } from './result-json.mjs'

const columns = [{ name: 'v', dataTypeID: 25 }]

describe('ResultJsonBuilder size cap', () => {
  it('builds results under the cap', () => {
    const b = new ResultJsonBuilder('all', 1_000)
    b.rowDescription(columns)
    b.dataRow(['a'])
    b.commandComplete('SELECT 1')
    expect(b.tooLarge).toBe(false)
    expect(JSON.parse(b.toJson())).toEqual([{ command: 'SELECT', rowCount: 1, columns, rows: [{ v: 'a' }] }])
  })

  it('stops keeping rows past the cap and says what to do', () => {
    const b = new ResultJsonBuilder('last', 100)
    b.rowDescription(columns)
    for (let i = 0; i < 1_000; i++) b.dataRow(['x'.repeat(20)])
    b.commandComplete('SELECT 1000')
    expect(b.tooLarge).toBe(true)
    expect(b.rows).toEqual([])
    expect(b.tooLargeError()).toEqual({
      code: '54000',
      message: expect.stringContaining('Add a LIMIT, or select fewer rows or columns.'),
    })
  })
})
