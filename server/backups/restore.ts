/**
 * The background half of a restore from a backup: a RESTORING project whose row names a backup
 * (`restoring_backup_id`) is claimed like every transition (transitions.ts, a lease on its row),
 * and its database replaced by the backup's (snapshots.ts). A try cut off (kill -9) leaves the
 * lease to run out; the next claim finishes what is there. A failure, or a third try, undoes it:
 * the project's own database is back and the project is RESTORE_FAILED with the reason.
 */
import type { Platform } from '../kernel/platform'
import type { TransitionClaim } from '../projects/transition-claim'
import { releaseLease } from '../projects/lease'
import { letGo } from './backups'
import { serverAdminUrl } from '../databases/project-admin'
import { restoreSnapshot, undoRestore } from './snapshots'

/** Tries, counting those cut off, before a restore is undone instead of finished. */
const MAX_TRIES = 3

/** The backup a RESTORING project is being restored from; null for a restore from pause. */
export async function restoringBackup(platform: Platform, ref: string): Promise<{ id: string; database_name: string } | null> {
  const [row] = await platform.db.query<{ id: string; database_name: string }>(
    `select b.id, b.database_name from projects p join project_backups b on b.id = p.restoring_backup_id where p.ref = $1`,
    [ref]
  )
  if (row) return row
  const [named] = await platform.db.query<{ id: string | null }>('select restoring_backup_id as id from projects where ref = $1', [ref])
  // The backup's row went away (it cannot, while restoring: deleteBackup refuses): nothing to copy.
  return named?.id ? { id: named.id, database_name: '' } : null
}

async function finish(platform: Platform, claim: TransitionClaim, status: 'ACTIVE_HEALTHY' | 'RESTORE_FAILED', message: string | null) {
  await platform.db.query(
    `update projects set status = $2, status_message = $3, restoring_backup_id = null, unhealthy_since = null,
       last_activity_at = case when $2 = 'ACTIVE_HEALTHY' then now() else last_activity_at end,
       next_transition_at = null, lease_owner = null, lease_until = null, updated_at = now()
     where ref = $1 and status = 'RESTORING' and lease_owner = $4`,
    [claim.ref, status, message, claim.lease]
  )
  await releaseLease(platform, claim.ref, claim.lease)
}

export async function runBackupRestore(platform: Platform, claim: TransitionClaim, backup: { id: string; database_name: string }): Promise<null> {
  const adminUrl = serverAdminUrl(platform, claim.region)
  const failed = (why: string) =>
    `Restoring backup ${backup.id} failed at ${new Date().toISOString()}: ${why} The project's data is as it was before the restore.`
  try {
    if (!claim.db_location) throw new Error('the project has no database')
    if (!backup.database_name) throw new Error('the backup is gone.')
    if (claim.attempts > MAX_TRIES) {
      await undoRestore(adminUrl, claim.ref)
      await finish(platform, claim, 'RESTORE_FAILED', failed(`it was cut off ${claim.attempts - 1} times.`))
      return null
    }
    await letGo(platform, claim.ref, claim.db_location, 'restore')
    // A project in read-only mode is restored held; the next usage sample measures the copy.
    const [held] = await platform.db.query<{ enforced: boolean }>('select read_only_enforced as enforced from projects where ref = $1', [claim.ref])
    await restoreSnapshot(adminUrl, claim.ref, backup.database_name, { readOnly: Boolean(held?.enforced) })
    await finish(platform, claim, 'ACTIVE_HEALTHY', null)
  } catch (error) {
    console.error(`Restoring backup ${backup.id} into project ${claim.ref} failed (attempt ${claim.attempts}):`, error)
    try {
      await undoRestore(adminUrl, claim.ref)
    } catch (undo) {
      // Left RESTORING: the lease runs out and the next claim tries again (and undoes at the last).
      console.error(`Undoing the restore of project ${claim.ref} failed:`, undo)
      return null
    }
    await finish(platform, claim, 'RESTORE_FAILED', failed(`${(error as Error).message.replace(/\.?$/, '.')}`))
  }
  return null
}
