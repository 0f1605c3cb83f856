import { runResultOf, type RunResult } from '@/lib/sql/result-set'
import { exportFileName, resultStatus, resultSummary, streamingStatus } from './ResultsPanel.utils'

it.each([
  ['Active users', 'csv', 'Active users.csv'],
  [undefined, 'json', 'results.json'],
  ['', 'md', 'results.md'],
  ['  a/b: c?  ', 'csv', 'a b c.csv'],
  ['...hidden', 'csv', 'hidden.csv'],
  ['line\nbreak', 'csv', 'line break.csv'],
  ['"<>|*"', 'csv', 'results.csv'],
  ['x'.repeat(300), 'csv', `${'x'.repeat(100)}.csv`],
])('exportFileName(%j, %s) → %s', (name, extension, expected) => expect(exportFileName(name, extension)).toBe(expected))

describe('a result, in its tab and the status line', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => [i])
  const result = (state: Partial<RunResult>, count: number) => {
    const r = runResultOf([{ name: 'n', dataTypeID: 23 }], rows(count))
    return { ...r, ...state }
  }
  it.each([
    ['whole', result({}, 3), 'SELECT · 3 rows', '3 rows · 12 ms', '3 rows · 12 ms · running…'],
    ['streaming', result({ complete: false, command: '' }, 2), '2 rows so far…', '2 rows · 12 ms', '2 rows so far… · 12 ms'],
    ['cut at the budget', result({ complete: false, command: '', cut: true }, 1), 'first 1 row', 'first 1 row, then stopped · 12 ms', 'first 1 row, then stopped · 12 ms'],
  ])('%s', (_name, r, summary, status, streaming) => {
    expect(resultSummary(r)).toBe(summary)
    expect(resultStatus(r, 12)).toBe(status)
    expect(streamingStatus(r, 12)).toBe(streaming)
  })
})
