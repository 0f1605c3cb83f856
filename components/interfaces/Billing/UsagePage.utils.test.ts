import type { UsageMetricAnswer } from '@/lib/api-types'
import { nothingUsed, parseUsagePeriod, samplingInterval, shareOfIncluded, splitMetrics, usagePeriodRange } from './UsagePage.utils'

it.each([
  [undefined, 'current'],
  ['previous', 'previous'],
  ['last-7-days', 'last-7-days'],
  ['last-30-days', 'last-30-days'],
  ['last-8-days', 'current'],
  [['previous', 'last-7-days'], 'current'],
])('?period=%j is %s', (value, expected) => expect(parseUsagePeriod(value)).toBe(expected))

const now = new Date('2026-03-01T05:00:00Z')

it.each([
  ['current', {}],
  // The previous calendar month in UTC, across a year's end and February's short length.
  ['previous', { start: '2026-02-01', end: '2026-03-01' }],
  ['last-7-days', { start: '2026-02-23', end: '2026-03-02' }],
  ['last-30-days', { start: '2026-01-31', end: '2026-03-02' }],
] as const)('%s asks for %j', (period, expected) => expect(usagePeriodRange(period, now)).toEqual(expected))

it('takes the previous month across a year end', () => {
  expect(usagePeriodRange('previous', new Date('2027-01-15T23:59:59Z'))).toEqual({ start: '2026-12-01', end: '2027-01-01' })
})

const metric = (m: Partial<UsageMetricAnswer>): UsageMetricAnswer => ({
  metric: 'EGRESS',
  name: 'Egress',
  unit: 'bytes',
  usage: 0,
  included: null,
  available: true,
  note: null,
  daily: [],
  projects: [],
  ...m,
})

it('puts what is not offered apart, and sees when nothing was used', () => {
  const egress = metric({})
  const storage = metric({ metric: 'STORAGE_SIZE', available: false })
  expect(splitMetrics([storage, egress])).toEqual({ offered: [egress], notOffered: [storage] })
  expect(nothingUsed([egress, metric({ daily: [{ date: '2026-02-01', value: 0 }] })])).toBe(true)
  expect(nothingUsed([egress, metric({ daily: [{ date: '2026-02-01', value: 3 }] })])).toBe(false)
  expect(nothingUsed([metric({ usage: 1 })])).toBe(false)
})

it.each([
  [5, null, null],
  [5, 10, 0.5],
  [15, 10, 1],
  [0, 0, 0],
  [3, 0, 1],
])('%d of %j included is a share of %j', (usage, included, expected) => expect(shareOfIncluded(usage, included)).toBe(expected))

it.each([
  [60_000, 'minute'],
  [300_000, '5 minutes'],
  [10_000, '10 seconds'],
  [1_000, 'second'],
])('a sampling interval of %d ms reads "every %s"', (ms, expected) => expect(samplingInterval(ms)).toBe(expected))
