/**
 * Backups in the control plane: `project_backups` rows, each a snapshot database on the
 * project's server (snapshots.ts). Making one holds no lock while the copy runs: the row is
 * pending with a lease, and a pending row whose lease ran out (its maker stopped) is failed and
 * its database dropped by the scheduler's backup pass (retention.ts).
 */
import type { Backup, BackupList, RestoreAnswer } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { conflict, PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { releaseProject } from '../gateway/services'
import type { ReleaseReason } from '../gateway/types'
import { serverAdminUrl } from '../databases/project-admin'
import type { ProjectDbLocation } from '../databases'
import { backupDatabaseOf, dropSnapshot, takeSnapshot } from './snapshots'
import { dumpAvailability } from './download'
import { lockingProject } from '../projects/locking-project'

/** Longer than any copy takes: after it, a pending backup is taken for abandoned. */
export const BACKUP_LEASE_SECONDS = 30 * 60

export type BackupRow = {
  id: string
  project_ref: string
  kind: Backup['kind']
  status: Backup['status']
  size_bytes: string | null
  database_name: string
  error: string | null
  inserted_at: Date
  completed_at: Date | null
}

export const toBackup = (row: BackupRow): Backup => ({
  id: Number(row.id),
  project_ref: row.project_ref,
  kind: row.kind,
  status: row.status,
  size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
  error: row.error,
  inserted_at: new Date(row.inserted_at).toISOString(),
  completed_at: row.completed_at && new Date(row.completed_at).toISOString(),
})

const notFound = () => new PlatformError(404, 'Backup not found')

/** Everything of this process that holds connections to the project's database lets go of them. */
export async function letGo(platform: Platform, ref: string, location: ProjectDbLocation, reason: ReleaseReason) {
  await releaseProject(platform, ref, reason)
  await platform.databases.endPools([location.url, ...(location.readOnlyUrl ? [location.readOnlyUrl] : [])])
}

export async function listBackups(platform: Platform, project: ProjectAccess): Promise<BackupList> {
  const rows = await platform.db.query<BackupRow>('select * from project_backups where project_ref = $1 order by inserted_at desc, id desc', [project.ref])
  const retention = planNumbers(project.plan).limits.backupRetentionDays
  const dump = await dumpAvailability(platform, project)
  return {
    backups: rows.map(toBackup),
    retention_days: retention,
    daily: retention > 0,
    downloadable: dump.available,
    download_note: dump.available ? null : dump.reason,
  }
}

/**
 * Makes a backup now and answers it once the copy is done (completed or failed). Only an active
 * project with a database the platform made; not while it is being restored. A daily backup is
 * not made when one was made in the last 23 hours (answers null).
 */
export async function createBackup(platform: Platform, ref: string, kind: Backup['kind']): Promise<Backup | null> {
  const started = await lockingProject(platform, () => platform.db.transaction(async (tx) => {
    // The project's row is locked: a restore asked for at the same moment sees this backup.
    const [project] = await tx.query<{ status: string; region: string; db_location: ProjectDbLocation | null }>(
      'select status, region, db_location from projects where ref = $1 for update',
      [ref]
    )
    if (!project) throw notFound()
    if (!['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'].includes(project.status) || !project.db_location || project.db_location.given)
      throw conflict(`Only an active project can be backed up; this one is ${project.status.toLowerCase().replace(/_/g, ' ')}.`)
    if (kind === 'daily') {
      const recent = await tx.query(`select 1 from project_backups where project_ref = $1 and kind = 'daily' and inserted_at > now() - interval '23 hours'`, [ref])
      if (recent.length) return null
    } else {
      // Each is a whole copy of the database on the disk every project shares.
      const [kept] = await tx.query<{ n: number }>(`select count(*)::int as n from project_backups where project_ref = $1 and kind = 'manual' and status <> 'failed'`, [ref])
      const max = platform.config.maxManualBackups
      if (kept.n >= max)
        throw conflict(`This project keeps ${max} backups made on demand at most, and has ${kept.n}: delete one (Database → Backups) before making another.`)
    }
    const [row] = await tx.query<BackupRow>(
      `insert into project_backups (id, project_ref, kind, database_name, lease_until)
       select n.id, $1, $2, 'p_' || $1 || '_bk_' || n.id, now() + make_interval(secs => $3)
       from (select nextval('project_backups_id_seq') as id) n returning *`,
      [ref, kind, BACKUP_LEASE_SECONDS]
    )
    return { row, region: project.region, location: project.db_location }
  }))
  if (!started) return null
  const { row, region, location } = started
  const adminUrl = serverAdminUrl(platform, region)
  try {
    await letGo(platform, ref, location, 'backup')
    const size = await takeSnapshot(adminUrl, ref, backupDatabaseOf(ref, row.id))
    const [done] = await platform.db.query<BackupRow>(
      `update project_backups set status = 'completed', size_bytes = $2, completed_at = now(), lease_until = null where id = $1 returning *`,
      [row.id, size]
    )
    return toBackup(done)
  } catch (error) {
    console.error(`Backup ${row.id} of project ${ref} failed:`, error)
    await dropSnapshot(adminUrl, ref, row.database_name).catch(() => undefined)
    const [failed] = await platform.db.query<BackupRow>(
      `update project_backups set status = 'failed', error = $2, completed_at = now(), lease_until = null where id = $1 returning *`,
      [row.id, `The copy of the database failed: ${(error as Error).message}`]
    )
    return toBackup(failed)
  }
}

/**
 * Moves the project into RESTORING from the backup; the scheduler does the work (restore.ts).
 * Refused (409) while another restore, or a backup of the project, is under way.
 */
export async function requestRestore(platform: Platform, project: ProjectAccess, id: number, user: AuthUser | null): Promise<RestoreAnswer> {
  await lockingProject(platform, () => platform.db.transaction(async (tx) => {
    const [current] = await tx.query<{ status: string; organization_id: number }>('select status, organization_id::int as organization_id from projects where ref = $1 for update', [project.ref])
    const [backup] = await tx.query<BackupRow>('select * from project_backups where id = $1 and project_ref = $2', [id, project.ref])
    if (!current || !backup) throw notFound()
    // Transferred meanwhile (server/projects/transfer.ts): the caller's right was checked in the organization it left.
    if (current.organization_id !== project.organization_id) throw conflict('This project has just been moved to another organization; open it there.')
    if (backup.status !== 'completed') throw conflict(backup.status === 'pending' ? 'This backup is still being made.' : 'This backup failed: it cannot be restored.')
    if (current.status === 'RESTORING') throw conflict('A restore of this project is already under way.')
    if (!['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'].includes(current.status))
      throw conflict(`Only an active project can be restored from a backup; this one is ${current.status.toLowerCase().replace(/_/g, ' ')}.`)
    const making = await tx.query(`select 1 from project_backups where project_ref = $1 and status = 'pending'`, [project.ref])
    if (making.length) throw conflict('A backup of this project is being made; restore once it is done.')
    await tx.query(
      `update projects set status = 'RESTORING', status_message = $3, restoring_backup_id = $2, transition_attempts = 0,
         next_transition_at = null, updated_at = now() where ref = $1`,
      // The progress screen says what is under way: a backup copied in, not a pause undone.
      [project.ref, id, `The database is being replaced by the backup of ${new Date(backup.inserted_at).toISOString().replace('T', ' ').slice(0, 16)} UTC.`]
    )
  }))
  await recordAudit(platform.db, {
    organizationId: project.organization_id,
    action: 'project.restored',
    actor: user && { id: user.id, email: user.email },
    target: { type: 'project', id: project.ref, name: project.name },
    details: { backup_id: id },
  })
  return { ref: project.ref, status: 'RESTORING', backup_id: id }
}

/** Drops a backup; one being made or being restored from is refused (409). */
/** A project still being made as a copy of backup $1: the backup's database must stay until it is. */
export const CLONING_FROM = `select 1 from projects where clone_from_backup_id = $1 and status = 'COMING_UP'`

export async function deleteBackup(platform: Platform, project: ProjectAccess, id: number): Promise<{ id: number }> {
  const row = await lockingProject(platform, () => platform.db.transaction(async (tx) => {
    const [current] = await tx.query<{ status: string; restoring_backup_id: string | null }>(
      'select status, restoring_backup_id from projects where ref = $1 for update',
      [project.ref]
    )
    const [backup] = await tx.query<BackupRow>('select * from project_backups where id = $1 and project_ref = $2', [id, project.ref])
    if (!current || !backup) throw notFound()
    if (backup.status === 'pending') throw conflict('This backup is still being made.')
    if (current.status === 'RESTORING' && Number(current.restoring_backup_id) === id) throw conflict('The project is being restored from this backup.')
    if ((await tx.query(CLONING_FROM, [id])).length) throw conflict('A new project is being cloned from this backup; delete it once that project is up.')
    await tx.query('delete from project_backups where id = $1', [id])
    return backup
  }))
  await dropSnapshot(serverAdminUrl(platform, project.region), project.ref, row.database_name).catch((e) =>
    // The row is gone; the retention pass finds no row for it, so say so in the log.
    console.error(`Dropping the database of backup ${id} of ${project.ref} failed:`, e)
  )
  return { id }
}
