import type { UsageMetricAnswer } from '@/lib/api-types'
import { GB, MB } from '@/lib/billing/plan-table'
import { cardsToOffer, formatInterval, formatPeriod, meterOf, type Meter, perUnitLabel, tierOfCard, usageFigure, usageLevel } from './billing.utils'
import { plansFixture } from './billing.fixtures'

it.each([
  ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '1 Nov – 30 Nov 2026'],
  ['2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z', '1 Feb – 28 Feb 2026'],
  ['2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z', '1 Dec – 31 Dec 2026'],
  ['2026-12-15T00:00:00Z', '2027-01-15T00:00:00Z', '15 Dec 2026 – 14 Jan 2027'],
  ['nonsense', '2026-12-01T00:00:00Z', '–'],
])('period %s … %s reads %s', (start, end, expected) => expect(formatPeriod(start, end)).toBe(expected))

it.each([
  [0, 100, 'ok'],
  [80, 100, 'ok'],
  [81, 100, 'warning'],
  [100, 100, 'warning'],
  [101, 100, 'over'],
  [0, 0, 'ok'],
  [1, 0, 'over'],
] as const)('%d of %d is %s', (value, max, level) => expect(usageLevel(value, max)).toBe(level))

it('compares the largest project with the per-project database size', () => {
  const projects = [
    { ref: 'a', name: 'A', value: 100 * MB },
    { ref: 'b', name: 'B', value: 600 * MB },
  ]
  expect(meterOf({ metric: 'DATABASE_SIZE', usage: 700 * MB, included: 500 * MB, projects })).toEqual({ value: 600 * MB, max: 500 * MB, perProject: true })
})

it.each<[string, Pick<UsageMetricAnswer, 'metric' | 'usage' | 'included' | 'projects'>, Meter | null]>([
  ['no limit', { metric: 'ACTIVE_PROJECTS', usage: 4, included: null, projects: [] }, null],
  ['nothing included', { metric: 'COMPUTE_HOURS', usage: 30, included: 0, projects: [] }, null],
  ['a quota', { metric: 'EGRESS', usage: 3 * GB, included: 5 * GB, projects: [] }, { value: 3 * GB, max: 5 * GB, perProject: false }],
])('a metric with %s', (_, metric, expected) => expect(meterOf(metric)).toEqual(expected))

it.each([
  ['bytes', GB, 'per GB'],
  ['bytes', 10 * GB, 'per 10 GB'],
  ['count', 1, 'each'],
  ['count', 1_000_000, 'per 1,000,000'],
  ['hours', 1, 'per hour'],
] as const)('%s per %d reads %s', (unit, per, expected) => expect(perUnitLabel(unit, per)).toBe(expected))

it('makes the Pro card pay as you go without its spend cap, and no other', () => {
  expect(tierOfCard({ id: 'tier_pro' }, true)).toBe('tier_pro')
  expect(tierOfCard({ id: 'tier_pro' }, false)).toBe('tier_payg')
  expect(tierOfCard({ id: 'tier_team' }, false)).toBe('tier_team')
})

it('folds a separate pay-as-you-go card into Pro', () => {
  const payg = { ...plansFixture.plans[1], id: 'tier_payg' as const }
  expect(cardsToOffer([...plansFixture.plans, payg]).map((c) => c.id)).toEqual(['tier_free', 'tier_pro', 'tier_team', 'tier_enterprise'])
})


it.each([
  [60_000, 'every minute'],
  [300_000, 'every 5 minutes'],
  [30_000, 'every 30 seconds'],
  [1_000, 'every second'],
])('an interval of %d ms reads %s', (ms, expected) => expect(formatInterval(ms)).toBe(expected))

const figureOf = (m: Pick<UsageMetricAnswer, 'metric' | 'unit' | 'usage' | 'included'> & Partial<UsageMetricAnswer>) =>
  usageFigure({ projects: [], available: true, ...m })

it.each<[string, Parameters<typeof figureOf>[0], string]>([
  ['a quota', { metric: 'EGRESS', unit: 'bytes', usage: 3 * GB, included: 5 * GB }, '3 GB of 5 GB'],
  ['no limit', { metric: 'ACTIVE_PROJECTS', unit: 'count', usage: 3, included: null }, '3 (no limit)'],
  ['compute', { metric: 'COMPUTE_HOURS', unit: 'hours', usage: 12, included: 0 }, '12 hours (billed from the first hour)'],
  ['not offered', { metric: 'STORAGE_SIZE', unit: 'bytes', usage: 0, included: GB, available: false }, 'Not offered yet'],
  [
    'database size',
    { metric: 'DATABASE_SIZE', unit: 'bytes', usage: 700 * MB, included: 500 * MB, projects: [{ ref: 'a', name: 'A', value: 600 * MB }] },
    '600 MB of 500 MB per project (largest project)',
  ],
])('the figure of %s', (_, metric, expected) => expect(figureOf(metric)).toBe(expected))
