/**
 * GET /platform/organizations/{slug}/usage: what the organization used over a period (the current
 * calendar month by default) against its plan, per metric with a figure per day and per project,
 * and what it costs so far and projected to the period's end. The organization is sampled first
 * when its last sample is older than one interval, so the figures are never older than that.
 */
import { PLAN_NAMES, type PlanTier, type RestrictionStatus, type UsageAnswer, type UsageQuery } from '@/lib/api-types'
import { priceUsage, projectUsage } from '@/lib/billing/cost'
import { isMeasured, METRIC_INFO, NOT_OFFERED_NOTE } from '@/lib/billing/metrics'
import { elapsedFraction } from '@/lib/billing/period'
import { USAGE_METRICS } from '@/lib/billing/plan-table'
import { TIERS } from '@/lib/billing/tiers'
import { shownRestrictionData } from '@/lib/restrictions'
import type { Platform } from '../kernel/platform'
import type { OrgAccess } from '../kernel/handler-types'
import { periodUsage } from './period-usage'
import { costAnswer } from './cost-answer'
import { PlatformError } from '../kernel/errors'
import { ORGANIZATION_GONE } from '../orgs/organization-lock'
import { usagePeriod } from './usage-period'
import { sampleOrganization } from './usage-sampling'
import { databaseSizeQuota, includedAmount } from './quotas'

type OrganizationState = {
  tier: PlanTier
  usage_sampled_at: Date | string | null
  restriction_status: RestrictionStatus | null
  restriction_data: { grace_period_end?: string } | null
  quota_note: string | null
}

type ProjectSizeRow = { ref: string; name: string; status: string; db_size_bytes: string | null; measured_at: Date | string | null }

async function readState(platform: Platform, organizationId: number): Promise<OrganizationState> {
  const [state] = await platform.db.query<OrganizationState>(
    `select tier, usage_sampled_at, restriction_status, restriction_data, quota_note from organizations where id = $1`,
    [organizationId]
  )
  // Deleted between the check of the caller's role and now.
  if (!state) throw new PlatformError(404, ORGANIZATION_GONE)
  return state
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** Samples the organization when its last sample is older than one interval (or never was); answers its state after. */
async function freshState(platform: Platform, organizationId: number): Promise<OrganizationState> {
  const state = await readState(platform, organizationId)
  const age = state.usage_sampled_at === null ? Infinity : Date.now() - new Date(state.usage_sampled_at).getTime()
  if (age < platform.config.usageSampleIntervalMs) return state
  try {
    await sampleOrganization(platform, organizationId)
  } catch (error) {
    // The stored figures are still an answer; sampled_at says how old they are.
    console.error(`Sampling the usage of organization ${organizationId} failed:`, error)
  }
  return readState(platform, organizationId)
}

export async function organizationUsage(platform: Platform, org: OrgAccess, query: UsageQuery): Promise<UsageAnswer> {
  const now = new Date()
  const period = usagePeriod(query, now)
  const state = await freshState(platform, org.id)
  const [measured, projects] = await Promise.all([
    periodUsage(platform, org.id, period, now),
    platform.db.query<ProjectSizeRow>(
      `select ref, name, status, db_size_bytes::text as db_size_bytes, db_size_measured_at as measured_at
         from projects where organization_id = $1 and status <> 'REMOVED' order by db_size_bytes desc nulls last, id`,
      [org.id]
    ),
  ])
  const { tier } = state
  const { plan } = TIERS[tier]
  const current = now >= period.start && now < period.end
  const projected = current ? projectUsage(measured.usage, elapsedFraction(period, now)) : measured.usage
  return {
    plan: { id: plan, name: PLAN_NAMES[plan] },
    tier,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    sampled_at: state.usage_sampled_at === null ? null : iso(state.usage_sampled_at),
    sample_interval_ms: platform.config.usageSampleIntervalMs,
    metrics: USAGE_METRICS.map((metric) => ({
      metric,
      name: METRIC_INFO[metric].name,
      unit: METRIC_INFO[metric].unit,
      usage: measured.usage[metric],
      included: includedAmount(platform.config, tier, metric, org.slug),
      available: isMeasured(metric),
      note: isMeasured(metric) ? null : NOT_OFFERED_NOTE,
      daily: measured.daily[metric],
      projects: measured.projects[metric],
    })),
    cost_so_far: costAnswer(priceUsage(tier, measured.usage)),
    cost_projected: costAnswer(priceUsage(tier, projected)),
    projects: projects.map((p) => ({
      ref: p.ref,
      name: p.name,
      status: p.status,
      db_size_bytes: p.db_size_bytes === null ? null : Number(p.db_size_bytes),
      measured_at: p.measured_at === null ? null : iso(p.measured_at),
    })),
    database_size_quota_bytes: databaseSizeQuota(platform.config, tier),
    restriction_status: state.restriction_status,
    restriction_data: shownRestrictionData(state.restriction_status, state.restriction_data),
    quota_note: state.quota_note || null,
  }
}
