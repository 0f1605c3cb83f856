/**
 * Read-only mode: a project whose database is larger than its plan's size per project (the
 * quota of a capped tier, server/billing/quotas.ts) is made read-only at the next usage sample,
 * and writable again at the first sample that finds it back under the quota (rows deleted, or the
 * organization upgraded to a plan with more room or none).
 *
 * How: `ALTER DATABASE … SET default_transaction_read_only = on` as the server's admin, then the
 * database's open sessions are ended (the platform's pools, PostgREST's, the user's own) so every
 * new one starts read-only. This instance's PostgREST is stopped first; another app instance's
 * may answer one request with PostgreSQL's "terminating connection" before it reconnects. This is a session default, not a lock: a client may still run
 * `SET default_transaction_read_only = off` or `BEGIN READ WRITE` in its own session, which is
 * how data is deleted to get back under the quota (hosted Supabase behaves the same way).
 *
 * Only databases on servers the platform manages (an admin is needed); a database given as it is
 * (self-hosted) is never put in read-only mode. Self-hosted mode has no quotas at all.
 */
import pg from 'pg'
import type { PlanTier } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import { TIERS } from '@/lib/billing/tiers'
import { formatBytes } from '@/lib/format-bytes'
import type { Platform } from '../platform-type'
import type { ProjectDbLocation } from '../databases'
import { RUNNING_STATUSES } from '../billing/daily-usage'
import { databaseSizeQuota } from '../billing/quotas'
import { adminUrlOf, projectDatabase, withAdmin } from '../data-api/admin'
import { dataApiProcesses } from '../data-api/processes'

type Candidate = {
  id: number
  ref: string
  region: string
  db_location: ProjectDbLocation
  bytes: string
  read_only: boolean
  tier: PlanTier
  /** Whether `bytes` holds backups besides the database. */
  with_backups: boolean
}

/** Why a project is read-only, in one sentence for the banner and the settings page. */
export function readOnlyNote(tier: PlanTier, bytes: number, quota: number, withBackups = false): string {
  const planName = planNumbers(TIERS[tier].plan).name
  return `The database${withBackups ? ' and its backups' : ''} use${withBackups ? '' : 's'} ${formatBytes(bytes)}; the ${planName} plan includes ${formatBytes(quota)} per project.`
}

/** Sets (or resets) the session default on the project's database, then ends its open sessions. */
async function applyReadOnly(platform: Platform, project: Candidate, on: boolean) {
  const database = pg.escapeIdentifier(projectDatabase(project.ref))
  await withAdmin(platform, project, null, (admin) =>
    admin.query(on ? `ALTER DATABASE ${database} SET default_transaction_read_only = on` : `ALTER DATABASE ${database} RESET default_transaction_read_only`)
  )
  // Sessions keep the default they started with: end them so the next ones read the new one.
  // This instance's PostgREST goes first (started again on the next request): ending its
  // sessions under it would fail its next request with "terminating connection".
  await dataApiProcesses(platform).stop(project.ref)
  await platform.databases.restart(project.db_location, project.region)
}

/**
 * Moves each running project of the organization (or of all) into or out of read-only mode from
 * its last measured size (usage sampling stores it just before). Answers the refs that changed.
 */
export async function updateReadOnlyModes(platform: Platform, organizationId: number | null = null): Promise<string[]> {
  if (!platform.config.isPlatform) return []
  const candidates = await platform.db.query<Candidate>(
    // Its backups count too: each is a copy of the database on the disk every project shares.
    `select p.id::int as id, p.ref, p.region, p.db_location, p.read_only_at is not null as read_only, o.tier,
        (p.db_size_bytes + coalesce((select sum(b.size_bytes) from project_backups b where b.project_ref = p.ref and b.status = 'completed'), 0))::text as bytes,
        exists (select 1 from project_backups b where b.project_ref = p.ref and b.status = 'completed' and b.size_bytes > 0) as with_backups
       from projects p join organizations o on o.id = p.organization_id
      where p.db_location is not null and p.db_size_bytes is not null and p.status = any($1::text[])
        and ($2::bigint is null or p.organization_id = $2)`,
    [RUNNING_STATUSES, organizationId]
  )
  const changed: string[] = []
  for (const project of candidates) {
    const bytes = Number(project.bytes)
    const quota = databaseSizeQuota(platform.config, project.tier)
    const over = quota !== null && bytes > quota
    if (over === project.read_only || !adminUrlOf(platform, project.region)) continue
    try {
      await applyReadOnly(platform, project, over)
      // Only from the state read above: another instance that moved it first wins, the SQL is the same.
      const updated = await platform.db.query(
        `update projects set read_only_at = case when $2 then now() end, read_only_note = $3, updated_at = now()
          where id = $1 and (read_only_at is not null) = $4 returning id`,
        [project.id, over, over ? readOnlyNote(project.tier, bytes, quota!, project.with_backups) : null, project.read_only]
      )
      if (updated.length) changed.push(project.ref)
    } catch (error) {
      console.warn(`Changing the read-only mode of project ${project.ref} failed:`, (error as Error).message)
    }
  }
  return changed
}
