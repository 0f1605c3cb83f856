import { describe, expect, it } from 'vitest'
import { formatCount, formatDays, formatDaysOrWeeks, formatMonthly, formatPrice, overageText, quotaText } from './plan-text'
import { PLAN_TABLE } from './plan-table'

const { free, pro } = PLAN_TABLE.plans

describe('plan texts', () => {
  it.each([
    [500_000, '500,000'],
    [1_000_000, '1 million'],
    [2_500_000, '2.5 million'],
    [1_234_567, '1,234,567'],
    [50, '50'],
  ])('formatCount(%d) → %s', (count, text) => expect(formatCount(count)).toBe(text))

  it.each([
    [25, '$25'],
    [2.5, '$2.50'],
    [0.00325, '$0.00325'],
    [0.125, '$0.125'],
    [599, '$599'],
  ])('formatPrice(%d) → %s', (amount, text) => expect(formatPrice(amount)).toBe(text))

  it('words durations and monthly prices', () => {
    expect([formatDays(1), formatDays(28), formatDaysOrWeeks(7), formatDaysOrWeeks(14), formatDaysOrWeeks(10), formatDaysOrWeeks(0)]).toEqual([
      '1 day',
      '28 days',
      '1 week',
      '2 weeks',
      '10 days',
      '0 days',
    ])
    expect(formatMonthly(10)).toBe('$10 / month')
  })

  it('words a quota with its overage price, or without one when usage beyond it is not sold', () => {
    expect(quotaText(pro, 'STORAGE_SIZE')).toBe('100 GB, then $0.021 per GB')
    expect(quotaText(pro, 'DATABASE_SIZE', { suffix: ' per project' })).toBe('8 GB per project, then $0.125 per GB')
    expect(quotaText(free, 'EGRESS')).toBe('5 GB')
    expect(quotaText(pro, 'ACTIVE_PROJECTS')).toBe('Unlimited')
    expect(overageText(free, 'EGRESS')).toBeNull()
    expect(overageText(pro, 'COMPUTE_HOURS')).toBe('then $0.01344 per hour')
  })
})
