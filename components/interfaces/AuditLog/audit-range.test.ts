import dayjs from 'dayjs'
import { auditRangeProblem, auditRangeQuery, defaultAuditRange } from './audit-range'

it('defaults to the last 7 days up to today', () => {
  expect(defaultAuditRange(new Date(2026, 2, 3, 15, 0))).toEqual({ start: '2026-02-24', end: '2026-03-03' })
})

it.each([
  [{ start: '2026-03-01', end: '2026-03-03' }, null],
  [{ start: '2026-03-03', end: '2026-03-03' }, null],
  [{ start: '2026-03-04', end: '2026-03-03' }, { field: 'end', message: 'The end date must be on or after the start date.' }],
  [{ start: '', end: '2026-03-03' }, { field: 'start', message: 'Choose a start date.' }],
  [{ start: '2026-03-01', end: '' }, { field: 'end', message: 'Choose an end date.' }],
  [{ start: '2026-02-30', end: '2026-03-03' }, { field: 'start', message: 'Choose a start date.' }],
  [{ start: '2025-03-04', end: '2026-03-03' }, null],
  [{ start: '2025-03-03', end: '2026-03-03' }, { field: 'end', message: 'Choose at most 365 days.' }],
])('%j has the problem %j', (range, expected) => expect(auditRangeProblem(range)).toEqual(expected))

it("asks for the reader's days, the last one whole", () => {
  const query = auditRangeQuery({ start: '2026-03-01', end: '2026-03-03' })
  expect(query).toEqual({ dateStart: new Date(2026, 2, 1).toISOString(), dateEnd: new Date(2026, 2, 4).toISOString() })
  expect(dayjs(query.dateEnd).diff(query.dateStart, 'hour')).toBeGreaterThanOrEqual(71)
})
