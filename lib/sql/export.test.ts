import { describe, expect, it } from 'vitest'
import { exportBlob, exportText, tableFromColumns, uniqueKeys, type ExportTable } from './export'
import { ColumnarRows } from './result-set'

const table: ExportTable = {
  columns: ['id', 'note', 'data', 'note'],
  rowCount: 3,
  cell: (row, column) =>
    [
      [1, 'plain', { a: 1 }, 'x'],
      [2, 'has, comma and "quotes"\nand a line', null, 'y'],
      [3, ' padded |pipe', [1, 2], null],
    ][row][column],
}

describe('export', () => {
  it('CSV quotes what needs it and leaves NULL empty', () => {
    expect(exportText(table, 'csv')).toBe(
      'id,note,data,note\r\n1,plain,"{""a"":1}",x\r\n2,"has, comma and ""quotes""\nand a line",,y\r\n3," padded |pipe","[1,2]",\r\n'
    )
  })

  it('Markdown escapes pipes and keeps line breaks as <br>', () => {
    expect(exportText(table, 'markdown')).toBe(
      [
        '| id | note | data | note |',
        '| --- | --- | --- | --- |',
        '| 1 | plain | {"a":1} | x |',
        '| 2 | has, comma and "quotes"<br>and a line |  | y |',
        '| 3 |  padded \\|pipe | [1,2] |  |',
        '',
      ].join('\n')
    )
  })

  it('JSON keeps every column, a repeated name gets a suffix', () => {
    expect(JSON.parse(exportText(table, 'json'))).toEqual([
      { id: 1, note: 'plain', data: { a: 1 }, note_2: 'x' },
      { id: 2, note: 'has, comma and "quotes"\nand a line', data: null, note_2: 'y' },
      { id: 3, note: ' padded |pipe', data: [1, 2], note_2: null },
    ])
    expect(uniqueKeys(['a', 'a', 'a', 'b'])).toEqual(['a', 'a_2', 'a_3', 'b'])
  })

  it('an empty result exports its header (or an empty array)', () => {
    const empty = { columns: ['id'], rowCount: 0, cell: () => null }
    expect(exportText(empty, 'csv')).toBe('id\r\n')
    expect(JSON.parse(exportText(empty, 'json'))).toEqual([])
  })

  it('a big result is produced in chunks that add up to valid output', async () => {
    const big: ExportTable = { columns: ['n'], rowCount: 12_345, cell: (row) => row }
    const parsed = JSON.parse(await exportBlob(big, 'json').text()) as { n: number }[]
    expect(parsed).toHaveLength(12_345)
    expect(parsed[12_344]).toEqual({ n: 12_344 })
    const csv = await exportBlob(big, 'csv').text()
    expect(csv.split('\r\n')).toHaveLength(12_345 + 2)
  })

  it('reads today’s rows kept as objects', () => {
    const rows = new ColumnarRows(1)
    rows.append([[1], [null]])
    expect(exportText(tableFromColumns(['a'], rows), 'csv')).toBe('a\r\n1\r\n\r\n')
  })
})
