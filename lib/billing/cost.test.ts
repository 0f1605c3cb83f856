import { describe, expect, it } from 'vitest'
import { emptyUsage, priceUsage, projectUsage, quotasExceeded, type PeriodUsage } from './cost'
import { GB, MB, USAGE_METRICS } from './plan-table'
import { PLAN_TIERS } from '../api-types/organizations'

const usage = (figures: Partial<PeriodUsage>): PeriodUsage => ({ ...emptyUsage(), ...figures })
const line = (cost: ReturnType<typeof priceUsage>, metric: string) => cost.lines.find((l) => l.metric === metric)!

/** Everything well over every quota: what each tier makes of it. */
const heavy = usage({
  DATABASE_SIZE: 20 * GB,
  databaseSizes: [20 * GB, 1 * GB],
  EGRESS: 1000 * GB,
  MONTHLY_ACTIVE_USERS: 1_000_000,
  ACTIVE_PROJECTS: 10,
  COMPUTE_HOURS: 2000,
  STORAGE_SIZE: 500 * GB,
  FUNCTION_INVOCATIONS: 10_000_000,
  REALTIME_MESSAGES: 50_000_000,
  REALTIME_PEAK_CONNECTIONS: 5000,
})

describe('priceUsage', () => {
  it('prices every metric on every tier, with a line per metric', () => {
    for (const tier of PLAN_TIERS) expect(priceUsage(tier, heavy).lines.map((l) => l.metric)).toEqual([...USAGE_METRICS])
  })

  it('Free never costs more than $0: usage over its quotas is counted but not billed', () => {
    const cost = priceUsage('tier_free', heavy)
    expect(cost).toMatchObject({ base: 0, usage: 0, creditsApplied: 0, total: 0 })
    expect(cost.lines.every((l) => !l.billed && l.amount === 0)).toBe(true)
    expect(line(cost, 'EGRESS').overage).toBe(995 * GB)
    expect(priceUsage('tier_free', emptyUsage()).total).toBe(0)
  })

  it('Pro with its spend cap on bills compute only: the rest restricts instead', () => {
    const cost = priceUsage('tier_pro', heavy)
    expect(line(cost, 'EGRESS')).toMatchObject({ overage: 750 * GB, price: 0.09, billed: false, amount: 0 })
    expect(line(cost, 'COMPUTE_HOURS')).toMatchObject({ billed: true })
    expect(line(cost, 'COMPUTE_HOURS').amount).toBeCloseTo(26.88, 10)
    // $25 + 2000 h × $0.01344 = $26.88 − $10 of credits.
    expect(cost).toMatchObject({ base: 25, usage: 26.88, creditsApplied: 10, total: 41.88 })
  })

  it('pay as you go bills egress beyond 250 GB at $0.09 per GB: 300 GB → 50 GB × $0.09 = $4.50', () => {
    const cost = priceUsage('tier_payg', usage({ EGRESS: 300 * GB }))
    expect(line(cost, 'EGRESS')).toMatchObject({ included: 250 * GB, overage: 50 * GB, billed: true })
    expect(line(cost, 'EGRESS').amount).toBeCloseTo(4.5, 10)
    expect(cost).toMatchObject({ base: 25, usage: 4.5, creditsApplied: 0, total: 29.5 })
  })

  it('one monthly active user beyond 100,000 costs $0.00325, under a cent in the total', () => {
    const cost = priceUsage('tier_payg', usage({ MONTHLY_ACTIVE_USERS: 100_001 }))
    expect(line(cost, 'MONTHLY_ACTIVE_USERS').overage).toBe(1)
    expect(line(cost, 'MONTHLY_ACTIVE_USERS').amount).toBeCloseTo(0.00325, 12)
    expect(cost.usage).toBe(0)
    expect(cost.total).toBe(25)
    // 1,000 of them: $3.25.
    expect(priceUsage('tier_payg', usage({ MONTHLY_ACTIVE_USERS: 101_000 })).usage).toBe(3.25)
  })

  it('database size is included per project: two projects of 9 GB are 2 × 1 GB × $0.125', () => {
    const cost = priceUsage('tier_payg', usage({ DATABASE_SIZE: 9 * GB, databaseSizes: [9 * GB, 9 * GB] }))
    expect(line(cost, 'DATABASE_SIZE')).toMatchObject({ overage: 2 * GB, amount: 0.25 })
    expect(cost.total).toBe(25.25)
    // A small project does not lend its unused disk to a big one.
    expect(line(priceUsage('tier_payg', usage({ DATABASE_SIZE: 9 * GB, databaseSizes: [9 * GB, 1 * GB] })), 'DATABASE_SIZE').overage).toBe(1 * GB)
  })

  it('a project running all month (744 h × $0.01344 = $10.00) is covered by the $10 of compute credits', () => {
    const cost = priceUsage('tier_pro', usage({ COMPUTE_HOURS: 744 }))
    expect(line(cost, 'COMPUTE_HOURS').amount).toBeCloseTo(9.99936, 10)
    expect(cost).toMatchObject({ usage: 10, creditsApplied: 10, total: 25 })
    // Credits never go beyond the compute used.
    expect(priceUsage('tier_pro', usage({ COMPUTE_HOURS: 100 }))).toMatchObject({ usage: 1.34, creditsApplied: 1.34, total: 25 })
  })

  it('invocations, messages and connections beyond the included amount are priced per million or per 1,000', () => {
    const cost = priceUsage('tier_payg', usage({ FUNCTION_INVOCATIONS: 3_000_000, REALTIME_MESSAGES: 6_000_000, REALTIME_PEAK_CONNECTIONS: 1500 }))
    expect(line(cost, 'FUNCTION_INVOCATIONS').amount).toBeCloseTo(2, 10)
    expect(line(cost, 'REALTIME_MESSAGES').amount).toBeCloseTo(2.5, 10)
    expect(line(cost, 'REALTIME_PEAK_CONNECTIONS').amount).toBeCloseTo(10, 10)
    expect(cost.total).toBe(39.5)
  })

  it('Team is $599 a month and bills usage beyond its quotas', () => {
    expect(priceUsage('tier_team', emptyUsage())).toMatchObject({ base: 599, usage: 0, total: 599 })
    expect(priceUsage('tier_team', usage({ EGRESS: 300 * GB })).total).toBe(603.5)
  })

  it('Enterprise has no list price: the total is the usage alone', () => {
    const cost = priceUsage('tier_enterprise', usage({ EGRESS: 300 * GB, COMPUTE_HOURS: 1000 }))
    expect(cost.base).toBeNull()
    // $4.50 of egress + $13.44 of compute − $10 of credits.
    expect(cost).toMatchObject({ usage: 17.94, creditsApplied: 10, total: 7.94 })
  })

  it('totals are rounded to cents once, not line by line', () => {
    // Three lines of $0.004: $0.012 in all, which is $0.01, although each alone rounds to $0.
    const cost = priceUsage(
      'tier_payg',
      usage({ EGRESS: 250 * GB + (0.004 / 0.09) * GB, STORAGE_SIZE: 100 * GB + (0.004 / 0.021) * GB, FUNCTION_INVOCATIONS: 2_002_000 })
    )
    expect(cost.lines.filter((l) => l.amount > 0).map((l) => l.amount.toFixed(6))).toEqual(['0.004000', '0.004000', '0.004000'])
    expect(cost.usage).toBe(0.01)
  })
})

describe('quotasExceeded', () => {
  const acme = { organizationSlug: 'acme' }

  it('Free over 500 MB in one project is over its database quota; two smaller projects are not', () => {
    expect(quotasExceeded('tier_free', usage({ DATABASE_SIZE: 600 * MB, databaseSizes: [600 * MB, 10 * MB] }), acme)).toEqual(['DATABASE_SIZE'])
    expect(quotasExceeded('tier_free', usage({ DATABASE_SIZE: 400 * MB, databaseSizes: [400 * MB, 400 * MB] }), acme)).toEqual([])
    expect(quotasExceeded('tier_free', usage({ databaseSizes: [500 * MB] }), acme)).toEqual([])
  })

  it('Free allows 2 active projects, a partner organization (vercel_…) 1', () => {
    expect(quotasExceeded('tier_free', usage({ ACTIVE_PROJECTS: 2 }), acme)).toEqual([])
    expect(quotasExceeded('tier_free', usage({ ACTIVE_PROJECTS: 3 }), acme)).toEqual(['ACTIVE_PROJECTS'])
    expect(quotasExceeded('tier_free', usage({ ACTIVE_PROJECTS: 2 }), { organizationSlug: 'vercel_acme' })).toEqual(['ACTIVE_PROJECTS'])
    expect(quotasExceeded('tier_free', usage({ ACTIVE_PROJECTS: 1 }), { organizationSlug: 'vercel_acme' })).toEqual([])
  })

  it('names every metric over quota on a capped tier, never compute hours', () => {
    expect(quotasExceeded('tier_free', heavy, acme)).toEqual([
      'DATABASE_SIZE',
      'EGRESS',
      'MONTHLY_ACTIVE_USERS',
      'ACTIVE_PROJECTS',
      'STORAGE_SIZE',
      'FUNCTION_INVOCATIONS',
      'REALTIME_MESSAGES',
      'REALTIME_PEAK_CONNECTIONS',
    ])
    expect(quotasExceeded('tier_pro', heavy, acme)).not.toContain('COMPUTE_HOURS')
    expect(quotasExceeded('tier_pro', usage({ EGRESS: 251 * GB }), { organizationSlug: 'vercel_acme' })).toEqual(['EGRESS'])
  })

  it.each(['tier_payg', 'tier_team', 'tier_enterprise'] as const)('%s is billed instead: never over quota', (tier) => {
    expect(quotasExceeded(tier, heavy, acme)).toEqual([])
  })
})

describe('projectUsage', () => {
  const soFar = usage({ EGRESS: 10 * GB, COMPUTE_HOURS: 100, DATABASE_SIZE: 2 * GB, databaseSizes: [2 * GB], MONTHLY_ACTIVE_USERS: 50, ACTIVE_PROJECTS: 2 })

  it('scales what is summed to the whole period and keeps the peaks', () => {
    const projected = projectUsage(soFar, 0.25)
    expect(projected).toMatchObject({ EGRESS: 40 * GB, COMPUTE_HOURS: 400, DATABASE_SIZE: 2 * GB, MONTHLY_ACTIVE_USERS: 50, ACTIVE_PROJECTS: 2 })
    expect(projected.databaseSizes).toEqual([2 * GB])
  })

  it('leaves the figures as they are at the end of the period, or before it has begun', () => {
    expect(projectUsage(soFar, 1)).toEqual(soFar)
    expect(projectUsage(soFar, 0)).toEqual(soFar)
  })

  it('does not change the usage it is given', () => {
    projectUsage(soFar, 0.5)
    expect(soFar.EGRESS).toBe(10 * GB)
  })
})
