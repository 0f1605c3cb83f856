/**
 * The periods the usage page offers, kept in the URL (`?period=previous`) so a view can be shared,
 * and the start/end they ask the platform for. Usage is stored per UTC day (lib/billing/period.ts):
 * the days are UTC days, `end` is the first day not counted.
 */
import { dayOf, monthOf } from '@/lib/billing/period'
import type { UsageMetricAnswer } from '@/lib/api-types'

export const USAGE_PERIODS = [
  { value: 'current', label: 'Current billing period' },
  { value: 'previous', label: 'Previous billing period' },
  { value: 'last-7-days', label: 'Last 7 days' },
  { value: 'last-30-days', label: 'Last 30 days' },
] as const
export type UsagePeriod = (typeof USAGE_PERIODS)[number]['value']

export const DEFAULT_USAGE_PERIOD: UsagePeriod = 'current'

/** The period a URL names; anything else (missing, mistyped, repeated) is the current period. */
export function parseUsagePeriod(value: unknown): UsagePeriod {
  return USAGE_PERIODS.find((p) => p.value === value)?.value ?? DEFAULT_USAGE_PERIOD
}

const DAY_MS = 24 * 3600_000

/** What to ask for; nothing for the current billing period, which is the platform's default. */
export function usagePeriodRange(period: UsagePeriod, now: Date): { start?: string; end?: string } {
  if (period === 'current') return {}
  if (period === 'previous') {
    const previous = monthOf(new Date(monthOf(now).start.getTime() - 1))
    return { start: dayOf(previous.start), end: dayOf(previous.end) }
  }
  const days = period === 'last-7-days' ? 7 : 30
  // Today included: from days − 1 days ago to tomorrow (not counted).
  return { start: dayOf(new Date(now.getTime() - (days - 1) * DAY_MS)), end: dayOf(new Date(now.getTime() + DAY_MS)) }
}

/** The metrics with something to show first, then what this platform does not offer yet. */
export function splitMetrics(metrics: UsageMetricAnswer[]) {
  return { offered: metrics.filter((m) => m.available), notOffered: metrics.filter((m) => !m.available) }
}

/** Nothing used at all in the period: every offered metric is 0 every day. */
export const nothingUsed = (offered: UsageMetricAnswer[]) => offered.every((m) => m.usage === 0 && m.daily.every((d) => d.value === 0))

/** The share of the included amount used, 0–1 (clamped); null when the plan sets no limit. */
export function shareOfIncluded(usage: number, included: number | null): number | null {
  if (included === null) return null
  if (included <= 0) return usage > 0 ? 1 : 0
  return Math.min(1, usage / included)
}

/** How often the platform measures: "minute", "5 minutes", "10 seconds". */
export function samplingInterval(ms: number): string {
  if (ms < 60_000) {
    const seconds = Math.max(1, Math.round(ms / 1000))
    return seconds === 1 ? 'second' : `${seconds} seconds`
  }
  const minutes = Math.round(ms / 60_000)
  return minutes === 1 ? 'minute' : `${minutes} minutes`
}
