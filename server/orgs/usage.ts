/**
 * Usage measured by the platform, and the organization restriction status computed from it
 * (SPEC §4, lib/restrictions.ts). Every USAGE_SAMPLE_INTERVAL_MS each app instance measures the
 * database size of every project that is up, then moves each organization's status one step.
 *
 * Quota: a Free plan project may use FREE_DATABASE_QUOTA_BYTES of database space (500 MB); paid
 * plans bill what is beyond their quota instead of restricting. Paused projects are not counted:
 * pausing the project that is too large is one way out of a restriction, a plan upgrade another.
 *
 * Two instances sampling at once: each update of an organization only applies when the status it
 * started from is still the stored one, so one of them moves it and the other leaves it.
 */
import { PLAN_NAMES, type PlanId } from '@/lib/api-types'
import { nextRestriction, type RestrictionState } from '@/lib/restrictions'
import { formatBytes } from '@/lib/format-bytes'
import type { Platform } from '../platform'
import type { ProjectDbLocation } from '../databases'

/** Projects whose database is running: they use their space. */
const COUNTED_STATUSES = ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY', 'RESTARTING', 'RESTORING', 'PAUSE_FAILED']
const MEASURES_AT_ONCE = 4

/** Plans whose projects are refused service past the quota; the others pay for what is beyond. */
const RESTRICTING_PLANS: readonly PlanId[] = ['free']

type MeasuredProject = { id: number; ref: string; region: string; db_location: ProjectDbLocation }

/** Measures each running project's database size and stores it; a database that does not answer keeps its last size. */
export async function measureDatabaseSizes(platform: Platform): Promise<void> {
  const projects = await platform.db.query<MeasuredProject>(
    `select id::int as id, ref, region, db_location from projects where db_location is not null and status = any($1::text[])`,
    [COUNTED_STATUSES]
  )
  const queue = [...projects]
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      try {
        const bytes = await platform.databases.sizeBytes(project.db_location, project.region)
        await platform.db.query(`update projects set db_size_bytes = $2, db_size_measured_at = now() where id = $1`, [project.id, bytes])
      } catch (error) {
        console.warn(`Measuring the database size of project ${project.ref} failed:`, (error as Error).message)
      }
    }
  }
  await Promise.all(Array.from({ length: MEASURES_AT_ONCE }, worker))
}

type OrganizationSample = {
  id: number
  plan: PlanId
  restriction_status: RestrictionState['status']
  restriction_data: { grace_period_end?: string } | null
  over_quota_at: Date | string | null
  largest_name: string | null
  largest_bytes: string | null
}

const toDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null)

/** Moves every organization's restriction status one step from the stored sizes. Answers how many changed. */
export async function updateRestrictions(platform: Platform, now = new Date()): Promise<number> {
  const quota = platform.config.freeDatabaseQuotaBytes
  const graceMs = platform.config.restrictionGraceSeconds * 1000
  const organizations = await platform.db.query<OrganizationSample>(
    `select o.id::int as id, o.plan, o.restriction_status, o.restriction_data, o.over_quota_at, big.name as largest_name, big.db_size_bytes::text as largest_bytes
       from organizations o
       left join lateral (
         select p.name, p.db_size_bytes from projects p
          where p.organization_id = o.id and p.status = any($1::text[]) and p.db_size_bytes is not null
          order by p.db_size_bytes desc limit 1
       ) big on true
      where o.restriction_status is not null or (o.plan = any($2::text[]) and big.db_size_bytes > $3)`,
    [COUNTED_STATUSES, RESTRICTING_PLANS, quota]
  )
  let changed = 0
  for (const org of organizations) {
    const bytes = org.largest_bytes === null ? 0 : Number(org.largest_bytes)
    const overQuota = bytes > quota
    const before: RestrictionState = {
      status: org.restriction_status,
      gracePeriodEnd: toDate(org.restriction_data?.grace_period_end),
      lastOverQuotaAt: toDate(org.over_quota_at),
    }
    const after = nextRestriction(before, { overQuota, planRestricts: RESTRICTING_PLANS.includes(org.plan), now, graceMs })
    if (after.status === before.status && after.lastOverQuotaAt?.getTime() === before.lastOverQuotaAt?.getTime()) continue
    const note = overQuota
      ? `Project “${org.largest_name}” uses ${formatBytes(bytes)} of database space; the ${PLAN_NAMES[org.plan]} plan includes ${formatBytes(quota)} per project.`
      : null
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

/** One sample: sizes, then statuses. Self-hosted mode has no plans, quotas or restrictions. */
export async function sampleUsage(platform: Platform): Promise<void> {
  if (!platform.config.isPlatform) return
  await measureDatabaseSizes(platform)
  await updateRestrictions(platform)
}
