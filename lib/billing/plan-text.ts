/**
 * The plan table's numbers as the plan cards and the comparison table word them: "8 GB",
 * "2 million", "then $0.125 per GB". Kept in one place so a card and a table row never describe
 * the same number two ways.
 */
import { formatBytes } from '../format-bytes'
import { formatUnitPrice } from './money'
import { GB, type PlanNumbers, type UsageMetric } from './plan-table'

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** A count as people say it: "500,000", "2 million", "2.5 million". */
export function formatCount(count: number): string {
  if (count >= 1_000_000 && (count / 100_000) % 1 === 0) return `${count / 1_000_000} million`
  return integer.format(count)
}

/** A price without needless cents: "$25", "$2.50", "$0.00325". */
export function formatPrice(amount: number): string {
  return formatUnitPrice(amount).replace(/\.00$/, '')
}

/** A price per month: "$10 / month". */
export const formatMonthly = (amount: number) => `${formatPrice(amount)} / month`

/** What a metric is counted in, for "included" and "per" texts. */
const METRIC_WORDS: Record<UsageMetric, { amount: (value: number) => string; per: (per: number) => string }> = {
  DATABASE_SIZE: { amount: formatBytes, per: perSize },
  EGRESS: { amount: formatBytes, per: perSize },
  STORAGE_SIZE: { amount: formatBytes, per: perSize },
  STORAGE_IMAGE_TRANSFORMATIONS: { amount: (n) => `${formatCount(n)} images`, per: (per) => (per === 1 ? 'image' : `${formatCount(per)} images`) },
  MONTHLY_ACTIVE_USERS: { amount: formatCount, per: (per) => (per === 1 ? 'MAU' : `${formatCount(per)} MAU`) },
  ACTIVE_PROJECTS: { amount: formatCount, per: (per) => (per === 1 ? 'project' : `${formatCount(per)} projects`) },
  COMPUTE_HOURS: { amount: (hours) => `${integer.format(hours)} hours`, per: (per) => (per === 1 ? 'hour' : `${formatCount(per)} hours`) },
  FUNCTION_INVOCATIONS: { amount: formatCount, per: perCount },
  REALTIME_MESSAGES: { amount: formatCount, per: perCount },
  REALTIME_PEAK_CONNECTIONS: { amount: formatCount, per: perCount },
}

function perSize(per: number): string {
  return per === GB ? 'GB' : formatBytes(per)
}

function perCount(per: number): string {
  return per === 1_000_000 ? 'million' : formatCount(per)
}

/** An amount of a metric in its unit: "8 GB", "100,000", "2 million". */
export const formatMetricAmount = (metric: UsageMetric, value: number) => METRIC_WORDS[metric].amount(value)

/** What usage beyond the included amount costs on a plan: "then $0.125 per GB"; null when not sold. */
export function overageText(plan: PlanNumbers, metric: UsageMetric): string | null {
  const overage = plan.quotas[metric].overage
  if (!overage) return null
  return `then ${formatPrice(overage.price)} per ${METRIC_WORDS[metric].per(overage.per)}`
}

/**
 * A plan's quota of a metric in words: "250 GB, then $0.09 per GB", "500 MB", or `unlimited`
 * when the plan sets no limit. `suffix` follows the included amount ("8 GB per project").
 */
export function quotaText(plan: PlanNumbers, metric: UsageMetric, { suffix = '', unlimited = 'Unlimited' } = {}): string {
  const { included } = plan.quotas[metric]
  const amount = included === null ? unlimited : `${formatMetricAmount(metric, included)}${suffix}`
  const overage = overageText(plan, metric)
  return overage ? `${amount}, ${overage}` : amount
}

/** Days as a duration: "1 day", "28 days". */
export const formatDays = (days: number) => `${integer.format(days)} ${days === 1 ? 'day' : 'days'}`

/** Days as a duration in whole weeks when it is some: "1 week", "10 days". */
export function formatDaysOrWeeks(days: number): string {
  if (days === 0 || days % 7 !== 0) return formatDays(days)
  const weeks = days / 7
  return `${integer.format(weeks)} ${weeks === 1 ? 'week' : 'weeks'}`
}

/** A plan's compute size: "shared CPU", "512 MB memory". */
export function computeSizeText(plan: PlanNumbers): string[] {
  const { cpu, memoryBytes } = plan.compute
  return [cpu === 'shared' ? 'shared CPU' : `${cpu}-core CPU`, `${formatBytes(memoryBytes)} memory`]
}
