/**
 * Decisions of the billing page that are not rendering: how a period reads, when a usage bar turns
 * to a warning, what a bar compares, how a unit price is worded, which tier a plan card stands for.
 */
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import type { PlanCard, PlanTier, UsageMetricAnswer } from '@/lib/api-types'
import { formatUsage } from '@/lib/billing/metrics'
import type { UsageUnit } from '@/lib/billing/plan-table'

dayjs.extend(utc)

/**
 * A billing period as people read it: "1 Nov – 30 Nov 2026". Periods are UTC calendar months whose
 * end is the first moment of the next one, so the last day shown is the day before the end, in
 * UTC (a reader west of Greenwich would otherwise see "31 Oct – 30 Nov").
 */
export function formatPeriod(start: string, end: string): string {
  const first = dayjs.utc(start)
  const last = dayjs.utc(end).subtract(1, 'millisecond')
  if (!first.isValid() || !last.isValid()) return '–'
  return first.year() === last.year() ? `${first.format('D MMM')} – ${last.format('D MMM YYYY')}` : `${first.format('D MMM YYYY')} – ${last.format('D MMM YYYY')}`
}

/** A day as SPEC §9 writes dates on billing pages: 'DD MMM, YYYY'. */
export const formatDay = (iso: string) => (dayjs(iso).isValid() ? dayjs(iso).format('DD MMM, YYYY') : '–')

export type UsageLevel = 'ok' | 'warning' | 'over'

/** Above 80 % of what is included a bar warns; above 100 % it is over. */
export function usageLevel(value: number, max: number): UsageLevel {
  if (max <= 0) return value > 0 ? 'over' : 'ok'
  const share = value / max
  return share > 1 ? 'over' : share > 0.8 ? 'warning' : 'ok'
}

export type Meter = { value: number; max: number; perProject: boolean }

/**
 * What a metric's bar compares, or null when there is nothing to compare with (no limit, or
 * nothing included: compute is paid per hour from the first one). Database size is included per
 * project, so its bar is the largest project against the per-project amount.
 */
export function meterOf(metric: Pick<UsageMetricAnswer, 'metric' | 'usage' | 'included' | 'projects'>): Meter | null {
  if (metric.included === null || metric.included <= 0) return null
  if (metric.metric === 'DATABASE_SIZE' && metric.projects.length > 0)
    return { value: Math.max(...metric.projects.map((p) => p.value)), max: metric.included, perProject: true }
  return { value: metric.usage, max: metric.included, perProject: metric.metric === 'DATABASE_SIZE' }
}

/** The unit an overage price is for: "per GB", "per 1,000,000", "per user", "per hour". */
export function perUnitLabel(unit: UsageUnit, per: number): string {
  if (unit === 'hours') return per === 1 ? 'per hour' : `per ${formatUsage('hours', per)}`
  if (unit === 'bytes') return `per ${formatUsage('bytes', per).replace(/^1 /, '')}`
  return per === 1 ? 'each' : `per ${formatUsage('count', per)}`
}

/** Pay as you go is Pro with its spend cap off: one card, a toggle between the two tiers. */
export function tierOfCard(card: Pick<PlanCard, 'id'>, spendCap: boolean): PlanTier {
  return card.id === 'tier_pro' && !spendCap ? 'tier_payg' : card.id
}

/** The cards offered in the plan change: one per plan (a separate pay-as-you-go card folds into Pro's toggle). */
export const cardsToOffer = (cards: readonly PlanCard[]) => cards.filter((card) => card.id !== 'tier_payg')

/** A card's features for the organization: a partner organization (managed_by vercel-marketplace) has its own list. */
export const cardFeatures = (card: Pick<PlanCard, 'features'>, managedBy: keyof PlanCard['features']) => card.features[managedBy] ?? card.features.supabase

/** What the tier does with usage beyond the included amounts, as the plan section says it. */
export function spendCapSummary(tier: PlanTier): { badge: string; text: string } {
  switch (tier) {
    case 'tier_free':
      return { badge: 'Free', text: 'Over a quota the organization gets a grace period, then its projects stop serving requests.' }
    case 'tier_pro':
      return { badge: 'Spend cap on', text: 'Usage beyond the included amounts is not billed: over a quota the organization is restricted instead.' }
    case 'tier_payg':
      return { badge: 'Pay as you go', text: 'Spend cap off: usage beyond the included amounts is billed at the overage prices.' }
    default:
      return { badge: 'Usage billed', text: 'Usage beyond the included amounts is billed at the overage prices.' }
  }
}

/** How often usage is measured, in words: "every minute", "every 5 minutes", "every 30 seconds". */
export function formatInterval(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return ms === 60_000 ? 'every minute' : `every ${ms / 60_000} minutes`
  const seconds = Math.max(1, Math.round(ms / 1000))
  return seconds === 1 ? 'every second' : `every ${seconds} seconds`
}

/** A metric's figure against its quota, as the usage summary writes it. */
export function usageFigure(metric: Pick<UsageMetricAnswer, 'metric' | 'unit' | 'usage' | 'included' | 'projects' | 'available'>): string {
  if (!metric.available) return 'Not offered yet'
  const meter = meterOf(metric)
  const used = formatUsage(metric.unit, metric.usage)
  if (meter)
    return meter.perProject
      ? `${formatUsage(metric.unit, meter.value)} of ${formatUsage(metric.unit, meter.max)} per project (largest project)`
      : `${used} of ${formatUsage(metric.unit, meter.max)}`
  if (metric.included === null) return `${used} (no limit)`
  return `${used} (billed from the first ${metric.unit === 'hours' ? 'hour' : 'unit'})`
}
