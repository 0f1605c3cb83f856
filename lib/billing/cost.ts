/**
 * What a period's usage costs on a tier, from the plan table: the plan's price, each metric's
 * usage beyond what the plan includes priced at its overage price (not sold on capped tiers, whose
 * organizations are restricted instead), compute hours at the compute price less the compute
 * credits the price includes. Used by the usage answer, the subscription preview and the monthly
 * statements alike, so the three always agree.
 *
 * Database size is included per project (each project's own disk): its overage is the sum, over
 * the projects, of each one's peak size beyond the included size, billed for the whole month.
 */
import type { PlanTier } from '../api-types/organizations'
import { planNumbers, USAGE_METRICS, type UsageMetric } from './plan-table'
import { roundCents } from './money'
import { TIERS } from './tiers'

/** A period's usage: totals for summed metrics, peaks for the others (see METRIC_AGGREGATION). */
export type PeriodUsage = Record<UsageMetric, number> & {
  /** The latest measured size of each project's database in the period (bytes). */
  databaseSizes: readonly number[]
}

/**
 * How a metric's daily figures make the period's: summed (egress, hours), the peak (users,
 * projects, connections), or the latest (a database's size: what it takes now, so one cleaned up
 * below its quota says so at once, rather than at the next period; so with the files in storage).
 */
export const METRIC_AGGREGATION: Record<UsageMetric, 'sum' | 'max' | 'last'> = {
  DATABASE_SIZE: 'last',
  EGRESS: 'sum',
  MONTHLY_ACTIVE_USERS: 'max',
  ACTIVE_PROJECTS: 'max',
  COMPUTE_HOURS: 'sum',
  STORAGE_SIZE: 'last',
  STORAGE_IMAGE_TRANSFORMATIONS: 'sum',
  FUNCTION_INVOCATIONS: 'sum',
  REALTIME_MESSAGES: 'sum',
  REALTIME_PEAK_CONNECTIONS: 'max',
}

export const emptyUsage = (): PeriodUsage => ({
  ...(Object.fromEntries(USAGE_METRICS.map((m) => [m, 0])) as Record<UsageMetric, number>),
  databaseSizes: [],
})

export type CostLine = {
  metric: UsageMetric
  usage: number
  /** Included in the plan; null: no limit. */
  included: number | null
  /** Usage beyond the included amount (0 when within it, or without a limit). */
  overage: number
  /** Dollars per `per` units beyond the included amount; null when not sold on the plan. */
  price: number | null
  per: number
  /** Whether the overage is billed on this tier (not on capped tiers, except compute). */
  billed: boolean
  /** Exact dollars, not rounded. */
  amount: number
}

export type Cost = {
  tier: PlanTier
  /** The plan's monthly price; null for a price agreed with sales. */
  base: number | null
  lines: CostLine[]
  /** Sum of the lines, rounded to cents. */
  usage: number
  /** Compute credits used against the compute line, rounded to cents. */
  creditsApplied: number
  /** base + usage − credits, rounded to cents (base taken as 0 when agreed with sales). */
  total: number
}

/** Units beyond what is included: per project for database size, the period's figure otherwise. */
export function overageOf(metric: UsageMetric, usage: PeriodUsage, included: number | null): number {
  if (included === null) return 0
  if (metric === 'DATABASE_SIZE') return usage.databaseSizes.reduce((sum, size) => sum + Math.max(0, size - included), 0)
  return Math.max(0, usage[metric] - included)
}

export function priceUsage(tier: PlanTier, usage: PeriodUsage): Cost {
  const { plan, spendCap } = TIERS[tier]
  const numbers = planNumbers(plan)
  const lines = USAGE_METRICS.map((metric): CostLine => {
    const { included, overage: price } = numbers.quotas[metric]
    const overage = overageOf(metric, usage, included)
    const billed = price !== null && (!spendCap || metric === 'COMPUTE_HOURS')
    return {
      metric,
      usage: usage[metric],
      included,
      overage,
      price: price?.price ?? null,
      per: price?.per ?? 1,
      billed,
      amount: billed && price ? (overage / price.per) * price.price : 0,
    }
  })
  const compute = lines.find((line) => line.metric === 'COMPUTE_HOURS')?.amount ?? 0
  const usageTotal = roundCents(lines.reduce((sum, line) => sum + line.amount, 0))
  const creditsApplied = roundCents(Math.min(numbers.computeCreditsMonthly, compute))
  const base = numbers.priceMonthly
  return { tier, base, lines, usage: usageTotal, creditsApplied, total: roundCents((base ?? 0) + usageTotal - creditsApplied) }
}

/** The metrics over what a capped tier includes: what restricts the organization. Empty on uncapped tiers. */
export function quotasExceeded(tier: PlanTier, usage: PeriodUsage, { organizationSlug }: { organizationSlug: string }): UsageMetric[] {
  const { plan, spendCap } = TIERS[tier]
  if (!spendCap) return []
  const numbers = planNumbers(plan)
  return USAGE_METRICS.filter((metric) => {
    if (metric === 'COMPUTE_HOURS') return false
    let included = numbers.quotas[metric].included
    if (metric === 'ACTIVE_PROJECTS' && organizationSlug.startsWith('vercel_')) included = numbers.limits.partnerActiveProjects ?? included
    return overageOf(metric, usage, included) > 0
  })
}

/**
 * The period's usage at its end if it goes on as so far: summed metrics grow in proportion to the
 * time left, peaks stay where they are. `elapsed` is the part of the period gone by, in (0, 1].
 */
export function projectUsage(usage: PeriodUsage, elapsed: number): PeriodUsage {
  const factor = elapsed > 0 && elapsed < 1 ? 1 / elapsed : 1
  const projected = { ...usage }
  for (const metric of USAGE_METRICS) if (METRIC_AGGREGATION[metric] === 'sum') projected[metric] = usage[metric] * factor
  return projected
}
