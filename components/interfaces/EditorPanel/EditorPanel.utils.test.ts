import { defaultEditorTemplates } from '@/state/editor-panel'
import { statement } from '@/tests/fixtures/results'
import { errorPlace, filterTemplates, runSummary } from './EditorPanel.utils'

const int = { name: 'n', dataTypeID: 23 }
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i }))

describe('runSummary', () => {
  it.each([
    ['rows returned', [statement({ command: 'SELECT', rowCount: 3, columns: [int], rows: rows(3) })], 'Success. 3 rows'],
    ['one row', [statement({ command: 'SELECT', rowCount: 1, columns: [int], rows: rows(1) })], 'Success. 1 row'],
    ['no rows', [statement({ command: 'SELECT', rowCount: 0, columns: [int], rows: [] })], 'Success. No rows returned'],
    ['rows changed', [statement({ command: 'UPDATE', rowCount: 2, columns: [], rows: [] })], 'Success. UPDATE, 2 rows affected'],
    ['a command', [statement({ command: 'CREATE TABLE', rowCount: null, columns: [], rows: [] })], 'Success. CREATE TABLE'],
    ['nothing ran', [], 'Success. No statements ran'],
    [
      'several statements',
      [statement({ command: 'CREATE TABLE', rowCount: null, columns: [], rows: [] }), statement({ command: 'INSERT', rowCount: 1, columns: [], rows: [] })],
      'Success. INSERT, 1 row affected (2 statements)',
    ],
  ])('%s', (_, results, expected) => expect(runSummary({ results })).toBe(expected))
})

describe('filterTemplates', () => {
  const templates = defaultEditorTemplates()

  it('keeps every template for an empty filter', () => expect(filterTemplates(templates, '  ')).toHaveLength(templates.length))

  it.each([
    ['create table', ['Create table']],
    ['SHOW ACTIVE', ['Show active connections']],
    ['version postgres', ['Show version']],
    ['no such template', []],
  ])('%s → %j', (query, names) => expect(filterTemplates(templates, query).map((t) => t.name)).toEqual(names))
})

describe('errorPlace', () => {
  it.each([
    ['select 1/0', 9, 'line 1, column 9'],
    ['select 1;\nselect nope', 18, 'line 2, column 8'],
    ['select 1', undefined, null],
    ['select 1', 0, null],
  ])('%j at %s → %s', (sql, position, expected) => expect(errorPlace(sql, position)).toBe(expected))
})
