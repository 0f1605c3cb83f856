import { describe, expect, it } from 'vitest'
import { activeProjectLimit, GB, KB, MB, PLAN_TABLE, planNumbers } from './plan-table'
import { changeKind, restrictsOverQuota, TIERS } from './tiers'
import { formatUsage } from './metrics'

describe('units', () => {
  it('1 GB = 1073741824 bytes, 1 MB = 1048576, 1 KB = 1024 (SPEC §9)', () => {
    expect([KB, MB, GB]).toEqual([1024, 1_048_576, 1_073_741_824])
  })

  it('the quotas are in those units', () => {
    expect(PLAN_TABLE.plans.free.quotas.DATABASE_SIZE.included).toBe(524_288_000)
    expect(PLAN_TABLE.plans.pro.quotas.DATABASE_SIZE.included).toBe(8_589_934_592)
    expect(PLAN_TABLE.plans.pro.quotas.EGRESS.overage).toEqual({ price: 0.09, per: 1_073_741_824 })
    expect(PLAN_TABLE.plans.free.limits.realtimeMaxMessageBytes).toBe(256_000)
  })

  it.each([
    ['bytes', 1.5 * GB, '1.5 GB'],
    ['bytes', 500 * MB, '500 MB'],
    ['count', 100_001, '100,001'],
    ['hours', 1, '1 hour'],
    ['hours', 743.96, '744 hours'],
    ['hours', 3.24, '3.2 hours'],
  ] as const)('formatUsage(%s, %d) → %s', (unit, value, text) => expect(formatUsage(unit, value)).toBe(text))
})

describe('the plan table', () => {
  it('has the prices of SPEC §9', () => {
    expect([planNumbers('free'), planNumbers('pro'), planNumbers('team'), planNumbers('enterprise')].map((p) => p.priceMonthly)).toEqual([0, 25, 599, null])
    expect(planNumbers('pro').computeCreditsMonthly).toBe(10)
    expect(planNumbers('pro').compute.hourlyPrice).toBe(0.01344)
  })

  it('limits active projects on Free only, to 1 for a partner organization', () => {
    expect(activeProjectLimit('free', 'acme')).toBe(2)
    expect(activeProjectLimit('free', 'vercel_acme')).toBe(1)
    expect(activeProjectLimit('pro', 'vercel_acme')).toBeNull()
    expect(activeProjectLimit('team', 'acme')).toBeNull()
  })
})

describe('tiers', () => {
  it('are a plan and a spend cap', () => {
    expect(TIERS.tier_payg).toMatchObject({ plan: 'pro', spendCap: false })
    expect(restrictsOverQuota('tier_pro')).toBe(true)
    expect(restrictsOverQuota('tier_payg')).toBe(false)
  })

  it.each([
    ['tier_free', 'tier_pro', 'upgrade'],
    ['tier_pro', 'tier_payg', 'upgrade'],
    ['tier_team', 'tier_free', 'downgrade'],
    ['tier_enterprise', 'tier_team', 'downgrade'],
    ['tier_pro', 'tier_pro', 'none'],
  ] as const)('%s → %s is a %s', (from, to, kind) => expect(changeKind(from, to)).toBe(kind))
})
