/**
 * The background half of pause, restore, restart and delete. Like provisioning, a project in a
 * transitional status is claimed with a lease on its row (`for update skip locked`, no lock held
 * while the work runs), so app instances sharing a control plane never do the same work twice,
 * and a claim of an instance that stopped half-way runs out and is taken over. Every step is safe
 * to run again (closing a closed database, dropping a dropped one).
 *
 * Outcomes: PAUSING → INACTIVE or PAUSE_FAILED; RESTORING → ACTIVE_HEALTHY or RESTORE_FAILED;
 * RESTARTING → ACTIVE_HEALTHY, or ACTIVE_UNHEALTHY (health checks bring it back); GOING_DOWN →
 * REMOVED, retried with growing waits until it is (there is no way back from a delete); RESIZING →
 * ACTIVE_HEALTHY on the new compute size, or on the old one after three failed tries (compute.ts);
 * UPGRADING → ACTIVE_HEALTHY, with what was updated or why not recorded (upgrade.ts).
 */
import type { ProjectStatus } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { isDatabaseUnavailable, type ProjectDbLocation } from '../databases'
import { retryDelayMs } from './provision'
import { releaseProject } from '../gateway/services'
import { restoringBackup, runBackupRestore } from '../backups/restore'
import { runResize } from './compute'
import { runUpgrade } from './upgrade'
import { LEASE_SECONDS, newLease, releaseLease } from './lease'
import { TRANSITIONAL, type TransitionClaim } from './transition-claim'

export async function claimTransitions(platform: Platform, limit: number): Promise<TransitionClaim[]> {
  if (limit <= 0) return []
  return platform.db.query<TransitionClaim>(
    `with due as (
       select id from projects
       where status in (${TRANSITIONAL.map((s) => `'${s}'`).join(', ')})
         and coalesce(lease_until, '-infinity') < now()
         and coalesce(next_transition_at, '-infinity') <= now()
       order by id limit $2
       for update skip locked
     )
     update projects p set lease_owner = $1, lease_until = now() + make_interval(secs => $3),
       transition_attempts = p.transition_attempts + 1, updated_at = now()
     from due where p.id = due.id
     returning p.ref, p.region, p.status, p.transition_attempts as attempts, p.db_location, p.lease_owner as lease`,
    [newLease(platform), limit, LEASE_SECONDS]
  )
}

/**
 * Due transitions no claim holds: after a claim with room to spare, those are rows another
 * transaction had locked at that moment (the claim skips locked rows), to be asked for again soon.
 */
export async function unclaimedTransitions(platform: Platform): Promise<number> {
  const [row] = await platform.db.query<{ n: number }>(
    `select count(*)::int as n from projects
      where status in (${TRANSITIONAL.map((s) => `'${s}'`).join(', ')})
        and coalesce(lease_until, '-infinity') < now() and coalesce(next_transition_at, '-infinity') <= now()`
  )
  return row.n
}

type Outcome = { status: ProjectStatus; message: string | null; version?: string; clearLocation?: boolean }

/** Ends the claim: the new status when the project is still where the claim found it; the lease always. */
async function finish(platform: Platform, claim: TransitionClaim, outcome: Outcome) {
  await platform.db.query(
    `update projects set status = $3, status_message = $4, db_version = coalesce($5, db_version),
       db_location = case when $6 then null else db_location end,
       restoring_backup_id = case when $3 = 'REMOVED' then null else restoring_backup_id end,
       unhealthy_since = case when $3 = 'ACTIVE_UNHEALTHY' then now() else null end,
       last_activity_at = case when $3 = 'ACTIVE_HEALTHY' then now() else last_activity_at end,
       next_transition_at = null, lease_owner = null, lease_until = null, updated_at = now()
     where ref = $1 and status = $2 and lease_owner = $7`,
    [claim.ref, claim.status, outcome.status, outcome.message, outcome.version ?? null, outcome.clearLocation ?? false, claim.lease]
  )
  await releaseLease(platform, claim.ref, claim.lease)
}

/**
 * Whether a delete may end without its database dropped: the project's region names no server any
 * more (PROJECT_DB_SERVERS changed), or its set-up never finished (no location) and its server does
 * not answer. A project with a database on a server that does not answer waits for it: its data
 * may still be there.
 */
function serverGone(platform: Platform, claim: TransitionClaim, location: ProjectDbLocation | null, error: unknown): boolean {
  if (error instanceof Error && error.message.startsWith('No PostgreSQL server is configured for region')) return true
  return location === null && isDatabaseUnavailable(error)
}

/** For the server log only: it may name servers and roles. */
function logFailure(claim: TransitionClaim, error: unknown) {
  const detail = isDatabaseUnavailable(error) ? `${error.message} (${error.detail})` : error
  console.error(`${claim.status} of project ${claim.ref} failed (attempt ${claim.attempts}):`, detail)
}

const at = () => new Date().toISOString()

/** Does the claimed work. Answers the wait before the next attempt when it will be tried again, else null. */
export async function runTransition(platform: Platform, claim: TransitionClaim): Promise<number | null> {
  const { databases } = platform
  const location = claim.db_location
  try {
    switch (claim.status) {
      case 'PAUSING':
        // The project's services let go first: its PostgREST and pools hold connections the pause would end.
        await releaseProject(platform, claim.ref, 'pause')
        if (location) await databases.suspend(location, claim.region)
        // Keeps the reason it was paused for (an inactivity pause says so).
        await platform.db.query(
          `update projects set status = 'INACTIVE', lease_owner = null, lease_until = null, updated_at = now()
           where ref = $1 and status = 'PAUSING' and lease_owner = $2`,
          [claim.ref, claim.lease]
        )
        await releaseLease(platform, claim.ref, claim.lease)
        return null
      case 'RESTORING': {
        // A restore from a backup, rather than from pause: its own steps and outcomes.
        const backup = await restoringBackup(platform, claim.ref)
        if (backup) return runBackupRestore(platform, claim, backup)
        if (!location) throw new Error('the project has no database')
        await databases.resume(location, claim.region)
        const version = await databases.version(location)
        await finish(platform, claim, { status: 'ACTIVE_HEALTHY', message: null, version })
        return null
      }
      case 'RESTARTING': {
        if (!location) throw new Error('the project has no database')
        await databases.restart(location, claim.region)
        const version = await databases.version(location)
        await finish(platform, claim, { status: 'ACTIVE_HEALTHY', message: null, version })
        return null
      }
      case 'GOING_DOWN':
        await releaseProject(platform, claim.ref, 'delete')
        try {
          await databases.drop(claim.ref, claim.region, location)
        } catch (error) {
          if (!serverGone(platform, claim, location, error)) throw error
          // Nothing to wait for: a set-up that never finished left at most a role and a database
          // on a server that does not answer, and one no longer configured is gone for the platform.
          console.warn(`Project ${claim.ref} deleted without dropping its database: ${(error as Error).message}. A role or database p_${claim.ref} may remain on that server.`)
        }
        await finish(platform, claim, { status: 'REMOVED', message: null, clearLocation: true })
        return null
      case 'RESIZING':
        // Its own steps, retries and outcome (compute.ts); it answers its failures itself.
        return runResize(platform, claim)
      case 'UPGRADING':
        // Its own steps, retries and outcome (upgrade.ts); it answers its failures itself.
        return runUpgrade(platform, claim)
    }
  } catch (error) {
    logFailure(claim, error)
    switch (claim.status) {
      case 'PAUSING':
        await finish(platform, claim, {
          status: 'PAUSE_FAILED',
          message: `Pausing failed at ${at()}: the database could not be closed. Pause again, or restore the project.`,
        })
        return null
      case 'RESTORING':
        await finish(platform, claim, {
          status: 'RESTORE_FAILED',
          message: `Restoring failed at ${at()}: the database did not come back. Try restoring again, or contact support with the project reference ${claim.ref}.`,
        })
        return null
      case 'RESTARTING':
        await finish(platform, claim, {
          status: 'ACTIVE_UNHEALTHY',
          message: `Restarting failed at ${at()}: the database did not answer afterwards. It is checked again regularly and the project recovers by itself when it answers.`,
        })
        return null
      case 'GOING_DOWN': {
        const delay = retryDelayMs(platform.config.provisionRetryBaseMs, claim.attempts)
        await platform.db.query(
          `update projects set status_message = $2, next_transition_at = now() + make_interval(secs => $3),
             lease_owner = null, lease_until = null, updated_at = now()
           where ref = $1 and status = 'GOING_DOWN' and lease_owner = $4`,
          [claim.ref, `Deleting the database failed (attempt ${claim.attempts}); it is tried again by itself.`, delay / 1000, claim.lease]
        )
        await releaseLease(platform, claim.ref, claim.lease)
        return delay
      }
      case 'RESIZING':
      case 'UPGRADING':
        // Only the control plane failing gets here: the lease runs out and the next claim resumes.
        return null
    }
  }
}
