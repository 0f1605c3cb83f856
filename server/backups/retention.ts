/**
 * The scheduler's backup pass: a daily backup of every active project whose plan keeps backups
 * (`backupRetentionDays` > 0, lib/billing/plan-table.ts), and the drop of what is past keeping:
 * backups older than the plan's days; on a plan that keeps none (Free), every backup but the
 * newest completed one (one on-demand backup is kept); every backup of a deleted project; a
 * pending backup whose maker stopped (its lease ran out) is failed and its database dropped.
 * Never the backup a project is being restored from (while it is RESTORING: a project deleted
 * meanwhile still names it), nor one being made.
 */
import { PLAN_IDS } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import type { Platform } from '../kernel/platform'
import { createBackup } from './backups'
import { serverAdminUrl } from '../databases/project-admin'
import { clearCutOffSnapshot, dropSnapshot } from './snapshots'

const retentionByPlan = () => Object.fromEntries(PLAN_IDS.map((plan) => [plan, planNumbers(plan).limits.backupRetentionDays]))

/** At most this many daily backups a pass: the next pass goes on (each one ends the project's sessions briefly). */
const DAILY_PER_PASS = 20

export async function runBackupPass(platform: Platform): Promise<void> {
  await failAbandoned(platform)
  await pruneBackups(platform)
  await dailyBackups(platform)
}

/**
 * A pending backup whose lease ran out: what its copy left on the server is cleared first (the
 * copy dropped, the project's database open again), then the backup is failed; one whose maker
 * still holds the copy lock waits for the next pass.
 */
async function failAbandoned(platform: Platform) {
  const abandoned = await platform.db.query<{ id: string; project_ref: string; database_name: string; region: string | null; status: string | null }>(
    `select b.id, b.project_ref, b.database_name, p.region, p.status
     from project_backups b left join projects p on p.ref = b.project_ref
     where b.status = 'pending' and b.lease_until < now() order by b.id`
  )
  for (const backup of abandoned) {
    try {
      if (backup.region) {
        const reopen = ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'].includes(backup.status ?? '')
        if (!(await clearCutOffSnapshot(serverAdminUrl(platform, backup.region), backup.project_ref, backup.database_name, { reopen }))) continue
      }
    } catch (error) {
      console.error(`Clearing the cut-off backup ${backup.id} of project ${backup.project_ref} failed (tried again on the next pass):`, error)
      continue
    }
    await platform.db.query(
      `update project_backups set status = 'failed', error = 'The backup was cut off: the platform stopped while making it.',
         completed_at = now(), lease_until = null
       where id = $1 and status = 'pending'`,
      [backup.id]
    )
  }
}

/** Drops backups past keeping (of one project, or all); answers their ids. */
export async function pruneBackups(platform: Platform, ref?: string): Promise<string[]> {
  const due = await platform.db.query<{ id: string; project_ref: string; database_name: string; region: string | null }>(
    `select b.id, b.project_ref, b.database_name, p.region
     from project_backups b
     left join projects p on p.ref = b.project_ref
     left join organizations o on o.id = p.organization_id
     where ($2::text is null or b.project_ref = $2)
       and b.status <> 'pending'
       and not (p.status = 'RESTORING' and b.id is not distinct from p.restoring_backup_id)
       and not exists (select 1 from projects c where c.clone_from_backup_id = b.id and c.status = 'COMING_UP')
       and (
         p.id is null or p.status = 'REMOVED'
         or (coalesce(($1::jsonb ->> o.plan)::int, 0) > 0 and b.inserted_at < now() - make_interval(days => ($1::jsonb ->> o.plan)::int))
         or (coalesce(($1::jsonb ->> o.plan)::int, 0) = 0 and b.inserted_at < (
               select max(n.inserted_at) from project_backups n where n.project_ref = b.project_ref and n.status = 'completed'))
       )
     order by b.id`,
    [JSON.stringify(retentionByPlan()), ref ?? null]
  )
  const dropped: string[] = []
  for (const backup of due) {
    try {
      // The database first: a row is only deleted once nothing of it is left on the server.
      if (backup.region) await dropSnapshot(serverAdminUrl(platform, backup.region), backup.project_ref, backup.database_name)
      await platform.db.query('delete from project_backups where id = $1', [backup.id])
      dropped.push(backup.id)
    } catch (error) {
      console.error(`Dropping backup ${backup.id} of project ${backup.project_ref} failed (tried again on the next pass):`, error)
    }
  }
  return dropped
}

/**
 * Projects due for their daily backup: active, on a plan that keeps backups, a day old, and no
 * daily backup in the last 23 hours (createBackup checks that again under the project's lock).
 */
async function dailyBackups(platform: Platform) {
  const due = await platform.db.query<{ ref: string }>(
    `select p.ref from projects p join organizations o on o.id = p.organization_id
     where p.status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY') and p.db_location is not null
       and coalesce((p.db_location ->> 'given')::boolean, false) = false
       and coalesce(($1::jsonb ->> o.plan)::int, 0) > 0
       and p.inserted_at < now() - interval '23 hours'
       and not exists (select 1 from project_backups b where b.project_ref = p.ref and b.kind = 'daily' and b.inserted_at > now() - interval '23 hours')
     order by p.id limit $2`,
    [JSON.stringify(retentionByPlan()), DAILY_PER_PASS]
  )
  for (const { ref } of due) {
    try {
      await createBackup(platform, ref, 'daily')
    } catch (error) {
      // A project that changed status meanwhile answers 409: its turn comes again.
      console.warn(`Daily backup of project ${ref} not made:`, (error as Error).message)
    }
  }
}
