import { cellByName, ColumnarRows, newRunResult, runResultOf } from './result-set'

describe('ColumnarRows', () => {
  it('keeps rows by column and finds values by position', () => {
    const rows = new ColumnarRows(2)
    rows.append([
      [1, 'a'],
      [2, null],
    ])
    rows.append([[3]])
    expect(rows.length).toBe(3)
    expect(rows.cell(0, 1)).toBe('a')
    expect(rows.cell(1, 1)).toBeNull()
    expect(rows.cell(2, 1)).toBeNull() // a short row is padded, never shifted
    expect(rows.row(2)).toEqual([3, null])
    expect(rows.cell(3, 0)).toBeUndefined()
  })

  it('lets its values go when released', () => {
    const rows = new ColumnarRows(1)
    rows.append([['x']])
    rows.release()
    expect(rows.length).toBe(0)
    expect(rows.cell(0, 0)).toBeUndefined()
  })
})

describe('RunResult', () => {
  it('keeps both values of two columns with the same name', () => {
    const result = runResultOf(
      [
        { name: 'dup', dataTypeID: 25 },
        { name: 'dup', dataTypeID: 25 },
      ],
      [['a', 'b']]
    )
    expect(result.rows.row(0)).toEqual(['a', 'b'])
    expect(cellByName(result, 0, 'dup')).toBe('a')
    expect(cellByName(result, 0, 'nope')).toBeUndefined()
  })

  it('starts incomplete and without a command', () => {
    expect(newRunResult([])).toMatchObject({ command: '', rowCount: null, complete: false })
  })
})
