import { describe, expect, it } from 'vitest'
import { COMPUTE_SIZE_IDS, COMPUTE_SIZES, computeSizeRefusal, computeSizesFor, defaultComputeSize, monthlyPriceAfterCredits, outgrowsPlan } from './compute-sizes'
import { planNumbers } from './billing/plan-table'

describe('compute sizes', () => {
  it.each([
    ['nano', 0.5 * 1024 ** 3, 'shared', 30, 200],
    ['micro', 1024 ** 3, 2, 60, 200],
    ['small', 2 * 1024 ** 3, 2, 90, 400],
    ['medium', 4 * 1024 ** 3, 2, 120, 600],
    ['large', 8 * 1024 ** 3, 2, 160, 800],
  ] as const)('%s: %d bytes, %s CPU, %d direct and %d pooler connections', (id, memory, cpu, direct, pooler) => {
    expect(COMPUTE_SIZES[id]).toMatchObject({ memoryBytes: memory, cpu, directConnections: direct, poolerConnections: pooler })
  })

  it('grow in memory, connections and price from one size to the next', () => {
    const sizes = COMPUTE_SIZE_IDS.map((id) => COMPUTE_SIZES[id])
    for (let i = 1; i < sizes.length; i++) {
      expect(sizes[i].memoryBytes).toBeGreaterThan(sizes[i - 1].memoryBytes)
      expect(sizes[i].directConnections).toBeGreaterThan(sizes[i - 1].directConnections)
      expect(sizes[i].monthlyPrice).toBeGreaterThan(sizes[i - 1].monthlyPrice)
    }
  })

  it('are what the plan table says Free and Pro run on (SPEC §9)', () => {
    expect(planNumbers('free').compute).toMatchObject({ name: 'Nano', directConnections: 30, cpu: 'shared', diskIoBaselineMBps: 43 })
    expect(planNumbers('pro').compute).toMatchObject({ name: 'Micro', directConnections: 60, cpu: 2, diskIoBaselineMBps: 87, hourlyPrice: 0.01344 })
  })

  it.each([
    ['free', 'nano', ['nano']],
    ['pro', 'micro', ['micro', 'small', 'medium', 'large']],
    ['team', 'micro', ['micro', 'small', 'medium', 'large']],
    ['enterprise', 'micro', ['micro', 'small', 'medium', 'large']],
  ] as const)('plan %s: runs on %s by default and may choose %j', (plan, fallback, allowed) => {
    expect(defaultComputeSize(plan)).toBe(fallback)
    expect(computeSizesFor(plan)).toEqual(allowed)
  })

  it.each([
    ['free', 'nano', null],
    ['free', 'small', 'The Free plan runs every project on Nano compute. Upgrade the organization to Pro to choose Small.'],
    ['pro', 'large', null],
    ['pro', 'nano', 'Nano compute is for the Free plan only; projects of paid plans run on Micro or larger.'],
  ] as const)('plan %s, size %s → %s', (plan, size, refusal) => expect(computeSizeRefusal(plan, size)).toBe(refusal))

  it.each([
    ['micro', 10, 0],
    ['small', 10, 5],
    ['large', 10, 100],
    ['nano', 0, 0],
  ] as const)('a month on %s with $%d of credits costs $%d', (size, credits, cost) => expect(monthlyPriceAfterCredits(size, credits)).toBe(cost))

  it('set memory settings that PostgreSQL accepts per database, growing with the size', () => {
    const bytes = (v: string) => Number(v.replace(/[A-Z]+$/, '')) * (v.endsWith('GB') ? 1024 : 1)
    for (const key of ['work_mem', 'maintenance_work_mem', 'effective_cache_size'] as const) {
      const values = COMPUTE_SIZE_IDS.map((id) => COMPUTE_SIZES[id].settings[key])
      values.forEach((v) => expect(v).toMatch(/^\d+(MB|GB)$/))
      for (let i = 1; i < values.length; i++) expect(bytes(values[i])).toBeGreaterThanOrEqual(bytes(values[i - 1]))
    }
  })
})

describe('outgrowsPlan', () => {
  it('holds sizes larger than any the plan offers, not smaller ones', () => {
    expect(outgrowsPlan('free', 'nano')).toBe(false)
    expect(outgrowsPlan('free', 'micro')).toBe(true)
    expect(outgrowsPlan('free', 'large')).toBe(true)
    expect(outgrowsPlan('pro', 'nano')).toBe(false)
    expect(outgrowsPlan('pro', 'large')).toBe(false)
  })
})
