/**
 * An organization's usage over a period, from what the platform stored per day (usage_daily,
 * usage_active_users): the period's figures (lib/billing/cost.ts PeriodUsage), one figure per
 * day, and per project. The usage answer, the subscription preview and the statements all read
 * it here.
 */
import type { PeriodUsage } from '@/lib/billing/cost'
import type { UsageMetric } from '@/lib/billing/plan-table'
import type { Period } from '@/lib/billing/period'
import type { Platform } from '../platform'
import { PlatformError } from '../http/errors'

export type MeasuredPeriod = {
  usage: PeriodUsage
  /** One figure per UTC day from the period's start to its end or today, whichever is first. */
  daily: Record<UsageMetric, { date: string; value: number }[]>
  /** Per project (database size, egress, compute hours); empty for the others. */
  projects: Record<UsageMetric, { ref: string; name: string; value: number }[]>
}

export async function periodUsage(_platform: Platform, _organizationId: number, _period: Period, _now = new Date()): Promise<MeasuredPeriod> {
  throw new PlatformError(501, 'Not built yet')
}
