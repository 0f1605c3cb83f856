/**
 * The organization restriction status (SPEC §4, lib/restrictions.ts) from measured usage, moved
 * one step at each sample. Organizations on a capped tier (Free, and Pro with its spend cap) are
 * over quota when a running project's database is larger than the plan's per-project size, or
 * when this month's egress, monthly active users, image transformations or realtime messages, or the active projects or the files in storage
 * now, are beyond what the plan includes. Sizes and active projects are taken as they are now, not as the month's
 * peak: pausing the project that is too large, or emptying it, is a way out, as is an upgrade.
 *
 * Two instances sampling at once: each update of an organization only applies when the status it
 * started from is still the stored one, so one of them moves it and the other leaves it.
 */
import { NOT_ACTIVE_STATUSES, PLAN_TIERS, type PlanTier, type RestrictionStatus } from '@/lib/api-types'
import { emptyUsage, type PeriodUsage } from '@/lib/billing/cost'
import { dayOf, monthOf } from '@/lib/billing/period'
import { restrictsOverQuota } from '@/lib/billing/tiers'
import { nextRestriction, type RestrictionState } from '@/lib/restrictions'
import type { Platform } from '../kernel/platform'
import { RUNNING_STATUSES } from './daily-usage'
import { exceededQuotas, quotaNote, type ProjectSize } from './quotas'

const CAPPED_TIERS = PLAN_TIERS.filter(restrictsOverQuota)

type OrganizationFigures = {
  id: number
  slug: string
  tier: PlanTier
  restriction_status: RestrictionStatus | null
  restriction_data: { grace_period_end?: string } | null
  over_quota_at: Date | string | null
  egress: number
  active_users: number
  active_projects: number
  storage: number
  image_transformations: number
  realtime_messages: number
  function_invocations: number
  sizes: ProjectSize[]
}

const toDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null)

function usageOf(org: OrganizationFigures): PeriodUsage {
  const sizes = org.sizes.map((size) => Number(size.bytes))
  return {
    ...emptyUsage(),
    EGRESS: org.egress,
    MONTHLY_ACTIVE_USERS: org.active_users,
    ACTIVE_PROJECTS: org.active_projects,
    STORAGE_SIZE: org.storage,
    STORAGE_IMAGE_TRANSFORMATIONS: org.image_transformations,
    REALTIME_MESSAGES: org.realtime_messages,
    FUNCTION_INVOCATIONS: org.function_invocations,
    DATABASE_SIZE: Math.max(0, ...sizes),
    databaseSizes: sizes,
  }
}

/**
 * Moves the restriction status of every organization (or of the one given) one step. Reads what
 * the sample before it stored (usage_daily, usage_active_users, projects.db_size_bytes). Answers
 * how many changed.
 */
export async function updateRestrictions(platform: Platform, now = new Date(), organizationId: number | null = null): Promise<number> {
  const graceMs = platform.config.restrictionGraceSeconds * 1000
  const month = monthOf(now)
  const organizations = await platform.db.query<OrganizationFigures>(
    `select o.id::int as id, o.slug, o.tier, o.restriction_status, o.restriction_data, o.over_quota_at,
            coalesce((select sum(u.value) from usage_daily u
                       where u.organization_id = o.id and u.metric = 'EGRESS' and u.day >= $2::date and u.day < $3::date), 0)::float8 as egress,
            (select count(distinct a.user_id) from usage_active_users a
              where a.organization_id = o.id and a.day >= $2::date and a.day < $3::date)::int as active_users,
            (select count(*) from projects p where p.organization_id = o.id and p.status <> all($4::text[]))::int as active_projects,
            coalesce((select sum(v.size_bytes) from storage_versions v join projects p on p.ref = v.project_ref
                       where p.organization_id = o.id and p.status <> 'REMOVED'), 0)::float8 as storage,
            (select count(*) from storage_image_transformations t join projects p on p.ref = t.project_ref
              where p.organization_id = o.id and t.month = $2::date)::int as image_transformations,
            coalesce((select sum(u.value) from usage_daily u
                       where u.organization_id = o.id and u.metric = 'REALTIME_MESSAGES' and u.day >= $2::date and u.day < $3::date), 0)::float8 as realtime_messages,
            coalesce((select sum(u.value) from usage_daily u
                       where u.organization_id = o.id and u.metric = 'FUNCTION_INVOCATIONS' and u.day >= $2::date and u.day < $3::date), 0)::float8 as function_invocations,
            coalesce((select json_agg(json_build_object('name', p.name, 'bytes', p.db_size_bytes)) from projects p
                       where p.organization_id = o.id and p.status = any($5::text[]) and p.db_size_bytes is not null), '[]'::json) as sizes
       from organizations o
      where (o.restriction_status is not null or o.tier = any($1::text[])) and ($6::bigint is null or o.id = $6)`,
    [CAPPED_TIERS, dayOf(month.start), dayOf(month.end), NOT_ACTIVE_STATUSES, RUNNING_STATUSES, organizationId]
  )
  let changed = 0
  for (const org of organizations) {
    const usage = usageOf(org)
    const exceeded = exceededQuotas(platform.config, org.tier, org.slug, usage)
    const before: RestrictionState = {
      status: org.restriction_status,
      gracePeriodEnd: toDate(org.restriction_data?.grace_period_end),
      lastOverQuotaAt: toDate(org.over_quota_at),
    }
    const after = nextRestriction(before, { overQuota: exceeded.length > 0, planRestricts: restrictsOverQuota(org.tier), now, graceMs })
    if (after.status === before.status && after.lastOverQuotaAt?.getTime() === before.lastOverQuotaAt?.getTime()) continue
    const note = quotaNote(platform.config, org.tier, org.slug, exceeded, { usage, sizes: org.sizes })
    // The note says what was over the last time it was; it goes when the status does.
    const updated = await platform.db.query(
      `update organizations
          set restriction_status = $2, restriction_data = $3, over_quota_at = $4,
              quota_note = case when $5::text is not null then $5 when $2::text is null then null else quota_note end
        where id = $1 and restriction_status is not distinct from $6
        returning id`,
      [
        org.id,
        after.status,
        after.gracePeriodEnd ? JSON.stringify({ grace_period_end: after.gracePeriodEnd.toISOString() }) : null,
        after.lastOverQuotaAt,
        note,
        before.status,
      ]
    )
    changed += updated.length
  }
  return changed
}
