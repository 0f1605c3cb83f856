import { encoderFor, parseCommandTag, ResultJsonBuilder } from './result-json.mjs'
import { ResultStreamBuilder } from './result-stream.mjs'

const INT4 = 23
const INT8 = 20
const TEXT = 25

it.each([
  [16, 't', 'true'],
  [INT4, '42', '42'],
  [INT8, '9007199254740993', '"9007199254740993"'],
  [INT8, '12', '12'],
  [701, 'NaN', '"NaN"'],
  [3802, '{"a":1}', '{"a":1}'],
  [1700, '1.50', '"1.50"'],
])('type %i: %s → %s', (oid, text, json) => expect(encoderFor(oid)(text)).toBe(json))

it.each([
  ['INSERT 0 5', { command: 'INSERT', rowCount: 5 }],
  ['CREATE TABLE', { command: 'CREATE TABLE', rowCount: null }],
  ['SELECT 3', { command: 'SELECT', rowCount: 3 }],
])('tag %s', (tag, parsed) => expect(parseCommandTag(tag)).toEqual(parsed))

it('builds every statement, a duplicate column name taking the last value', () => {
  const builder = new ResultJsonBuilder('all', 1_000_000)
  builder.rowDescription([{ name: 'a', dataTypeID: INT4 }, { name: 'a', dataTypeID: TEXT }])
  builder.dataRow(['1', 'x'])
  builder.commandComplete('SELECT 1')
  builder.commandComplete('CREATE TABLE')
  expect(JSON.parse(builder.toBytes().toString())).toEqual([
    { command: 'SELECT', rowCount: 1, columns: [{ name: 'a', dataTypeID: INT4 }, { name: 'a', dataTypeID: TEXT }], rows: [{ a: 'x' }] },
    { command: 'CREATE TABLE', rowCount: null, columns: [], rows: [] },
  ])
  expect(builder.rowCount).toBeNull()
})

it('refuses a data row that comes without its row description, in either builder', () => {
  expect(() => new ResultJsonBuilder('last', 1_000).dataRow(['1'])).toThrow('a data row arrived before its row description')
  expect(() => new ResultStreamBuilder(() => undefined).dataRow(['1'])).toThrow('a data row arrived before its row description')
})

it('streams columns, rows, completion and notices as lines', () => {
  const lines: string[] = []
  const builder = new ResultStreamBuilder((text) => lines.push(...text.trimEnd().split('\n')))
  builder.rowDescription([{ name: 'n', dataTypeID: INT4 }])
  builder.dataRow(['1'])
  builder.notice({ severity: 'NOTICE', message: 'hello', code: '00000', detail: undefined })
  builder.commandComplete('SELECT 1')
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    { type: 'columns', columns: [{ name: 'n', dataTypeID: INT4 }] },
    { type: 'rows', rows: [[1]] },
    { type: 'notice', severity: 'NOTICE', message: 'hello', code: '00000' },
    { type: 'complete', command: 'SELECT', rowCount: 1 },
  ])
  expect(builder.lastRowCount).toBe(1)
})
