import type { RunResult } from '@/lib/sql/result-set'
import { statement } from '@/tests/fixtures/results'
import { firstLineOf } from './DestructiveConfirmModal'
import { rowLimitNotice } from './run-outcome'
import { rowLimitFromValue, rowLimitToValue } from './useRowLimit'

const result = (n: number): RunResult => statement({ command: 'SELECT', rowCount: n, columns: [{ name: 'n', dataTypeID: 23 }], rows: Array.from({ length: n }, (_, i) => ({ n: i })) })

it.each([
  ['no run', null, null],
  ['100 of limit 100', { results: [result(100)], rowLimitApplied: 100 }, 'Showing the first 100 rows (row limit)'],
  ['1000 of limit 1000', { results: [result(1000)], rowLimitApplied: 1000 }, 'Showing the first 1,000 rows (row limit)'],
  ['99 of limit 100', { results: [result(99)], rowLimitApplied: 100 }, null],
  ['100, no limit', { results: [result(100)], rowLimitApplied: null }, null],
  ['100, field absent', { results: [result(100)] }, null],
  ['an error', { results: null, rowLimitApplied: 100 }, null],
])('rowLimitNotice: %s → %s', (_, outcome, expected) => expect(rowLimitNotice(outcome)).toBe(expected))

it.each([
  ['100', 100],
  ['500', 500],
  ['1000', 1000],
  ['none', null],
  [null, 100],
  ['12', 100],
  ['', 100],
] as const)('stored row limit %j → %j', (stored, limit) => {
  expect(rowLimitFromValue(stored)).toBe(limit)
  if (stored !== null && limit !== 100) expect(rowLimitToValue(limit)).toBe(stored)
})

it.each([
  ['drop table a', { start: 0, end: 12 }, 'drop table a'],
  ['select 1;\n\n  delete from t\n  where x', { start: 13, end: 34 }, 'delete from t'],
  [`update t set c = '${'x'.repeat(200)}'`, { start: 0, end: 218 }, `update t set c = '${'x'.repeat(101)}…`],
])('first line of %#', (sql, statement, expected) => expect(firstLineOf(sql, statement)).toBe(expected))
