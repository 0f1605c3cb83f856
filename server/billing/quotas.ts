/**
 * Which of a capped tier's quotas an organization is over (lib/billing/cost.ts quotasExceeded),
 * and how to say so in words. One configuration override: FREE_DATABASE_QUOTA_BYTES replaces the
 * Free plan's database size per project, so that an operator (or a test) can try restrictions
 * with a small database.
 */
import type { PlanTier } from '@/lib/api-types'
import { quotasExceeded, type PeriodUsage } from '@/lib/billing/cost'
import { activeProjectLimit, planNumbers, type UsageMetric } from '@/lib/billing/plan-table'
import { METRIC_INFO, formatUsage } from '@/lib/billing/metrics'
import { restrictsOverQuota, TIERS } from '@/lib/billing/tiers'
import { formatBytes } from '@/lib/format-bytes'
import type { ServerConfig } from '../config'

/** The database size each project of a capped tier may use; null when usage beyond it is billed instead. */
export function databaseSizeQuota(config: Pick<ServerConfig, 'freeDatabaseQuotaBytes'>, tier: PlanTier): number | null {
  if (!restrictsOverQuota(tier)) return null
  const { plan } = TIERS[tier]
  if (plan === 'free' && config.freeDatabaseQuotaBytes !== undefined) return config.freeDatabaseQuotaBytes
  return planNumbers(plan).quotas.DATABASE_SIZE.included
}

/** What the plan of `tier` includes of `metric` for this organization; null: no limit. */
export function includedAmount(config: Pick<ServerConfig, 'freeDatabaseQuotaBytes'>, tier: PlanTier, metric: UsageMetric, organizationSlug: string) {
  const { plan } = TIERS[tier]
  if (metric === 'ACTIVE_PROJECTS') return activeProjectLimit(plan, organizationSlug)
  if (metric === 'DATABASE_SIZE') return databaseSizeQuota(config, tier) ?? planNumbers(plan).quotas.DATABASE_SIZE.included
  return planNumbers(plan).quotas[metric].included
}

/** A project's database size, named for the note. */
export type ProjectSize = { name: string; bytes: number }

/** Usage a restriction is decided on: the period's figures, and each running project's size now. */
export type QuotaUsage = { usage: PeriodUsage; sizes: readonly ProjectSize[] }

export function exceededQuotas(config: Pick<ServerConfig, 'freeDatabaseQuotaBytes'>, tier: PlanTier, organizationSlug: string, usage: PeriodUsage) {
  const others = quotasExceeded(tier, usage, { organizationSlug }).filter((metric) => metric !== 'DATABASE_SIZE')
  const sizeQuota = databaseSizeQuota(config, tier)
  const sizeOver = sizeQuota !== null && usage.databaseSizes.some((bytes) => bytes > sizeQuota)
  return sizeOver ? (['DATABASE_SIZE', ...others] as UsageMetric[]) : others
}

/** What is over quota, in sentences: "Project “X” uses 612 MB of database space; the Free plan includes 500 MB per project." */
export function quotaNote(
  config: Pick<ServerConfig, 'freeDatabaseQuotaBytes'>,
  tier: PlanTier,
  organizationSlug: string,
  exceeded: readonly UsageMetric[],
  { usage, sizes }: QuotaUsage
): string | null {
  if (exceeded.length === 0) return null
  const planName = planNumbers(TIERS[tier].plan).name
  const included = (metric: UsageMetric) => includedAmount(config, tier, metric, organizationSlug) ?? 0
  const sentence = (metric: UsageMetric): string => {
    switch (metric) {
      case 'DATABASE_SIZE': {
        const largest = [...sizes].sort((a, b) => b.bytes - a.bytes)[0]
        return `Project “${largest.name}” uses ${formatBytes(largest.bytes)} of database space; the ${planName} plan includes ${formatBytes(included(metric))} per project.`
      }
      case 'ACTIVE_PROJECTS':
        return `The organization has ${usage.ACTIVE_PROJECTS} active projects; the ${planName} plan includes ${included(metric)}.`
      case 'MONTHLY_ACTIVE_USERS':
        return `This month has ${formatUsage('count', usage[metric])} monthly active users; the ${planName} plan includes ${formatUsage('count', included(metric))}.`
      default: {
        const { name, unit } = METRIC_INFO[metric]
        return `${name} this month is ${formatUsage(unit, usage[metric])}; the ${planName} plan includes ${formatUsage(unit, included(metric))}.`
      }
    }
  }
  return exceeded.map(sentence).join(' ')
}
