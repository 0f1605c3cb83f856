/**
 * Provisioning: a project is created COMING_UP and its database is made afterwards, by whichever
 * app instance claims it first. A claim is a lease written on the project's row (one UPDATE, no
 * lock or connection held while the database is made), so instances sharing a control plane never
 * wait on each other and a crashed instance's claim simply runs out. A failure is retried with
 * growing waits; after PROVISION_MAX_ATTEMPTS the project is INIT_FAILED until retried by hand.
 */
import { authDatabases } from '../project-auth/auth-service'
import { storageService } from '../storage/storage-service'
import { ensureRealtimePublication, ensureRealtimeSchema } from '../realtime/publication'
import { cloneSource } from '../backups/clone'
import type { Platform } from '../kernel/platform'
import { isDatabaseUnavailable, type ProjectDbLocation } from '../databases'
import { LEASE_SECONDS, newLease, releaseLease } from './lease'
import { COMPUTE_SIZES, defaultComputeSize, type ComputeSizeId } from '@/lib/compute-sizes'
import type { PlanId } from '@/lib/api-types/plans'
import { applyComputeLimits } from '../databases/compute-limits'
import { adminUrlOf } from '../databases/project-admin'
import { enableStatementStatistics } from '../extensions/extensions'

export type ProvisionClaim = { ref: string; region: string; attempts: number; parent_project_ref: string | null; clone_from_backup_id?: string | null; lease: string }

/** Claims up to `limit` projects whose database is due to be made. */
export async function claimDue(platform: Platform, limit: number): Promise<ProvisionClaim[]> {
  if (limit <= 0) return []
  return platform.db.query<ProvisionClaim>(
    `with due as (
       select id from projects
       where status = 'COMING_UP'
         and coalesce(lease_until, '-infinity') < now()
         and coalesce(next_provision_at, '-infinity') <= now()
       order by id limit $2
       for update skip locked
     )
     update projects p set lease_owner = $1, lease_until = now() + make_interval(secs => $3),
       provision_attempts = p.provision_attempts + 1, updated_at = now()
     from due where p.id = due.id
     returning p.ref, p.region, p.provision_attempts as attempts, p.parent_project_ref, p.clone_from_backup_id, p.lease_owner as lease`,
    [newLease(platform), limit, LEASE_SECONDS]
  )
}

/** Wait before automatic attempt `attempts + 1`: base, ×3 each time, at most 10 minutes. */
export function retryDelayMs(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 3 ** Math.max(0, attempts - 1), 10 * 60_000)
}

/**
 * Makes the claimed project's database. Answers the wait before the next attempt when it failed
 * and will be tried again, else null.
 */
export async function provisionClaimed(platform: Platform, claim: ProvisionClaim): Promise<number | null> {
  const { ref, region, attempts, lease } = claim
  try {
    // A preview branch starts from its parent's schema.
    let schemaFrom: ProjectDbLocation | undefined
    if (claim.parent_project_ref) {
      const [parent] = await platform.db.query<{ db_location: ProjectDbLocation | null }>('select db_location from projects where ref = $1', [
        claim.parent_project_ref,
      ])
      if (!parent?.db_location) throw new Error(`the parent project ${claim.parent_project_ref} has no database`)
      schemaFrom = parent.db_location
    }
    // A clone starts as a copy of a backup's database (server/backups/clone.ts).
    const cloneFrom = claim.clone_from_backup_id ? await cloneSource(platform, claim.clone_from_backup_id) : undefined
    const location = await platform.databases.provision(ref, region, { schemaFrom, cloneFrom })
    await applyStartingCompute(platform, ref, region, location)
    await enableStatementStatistics(platform, region, location)
    const version = await platform.databases.version(location)
    // Its users' schema (auth.users, auth.uid() for policies) is there from the start, as on
    // Supabase; a database given as it is (self-hosted DATABASE_URL) is its owner's to shape.
    if (!location.given) await authDatabases(platform).open({ ref, region, db_location: location })
    // Its storage schema too, so that its SQL can write storage policies before any upload.
    if (!location.given) await storageService(platform).databases.open({ ref, region, db_location: location })
    // And the publication Realtime streams from (Database → Publications adds tables to it).
    if (!location.given) {
      await ensureRealtimePublication(platform, { ref, region, db_location: location })
      await ensureRealtimeSchema(platform, { ref, region, db_location: location })
    }
    await platform.db.query(
      `update projects set status = 'ACTIVE_HEALTHY', status_message = null, db_location = $2, db_version = $3,
         lease_owner = null, lease_until = null, next_provision_at = null, unhealthy_since = null, updated_at = now()
       where ref = $1 and status = 'COMING_UP' and lease_owner = $4`,
      [ref, JSON.stringify(location), version, lease]
    )
    // Deleted while its database was being made: let go, so the delete can start at once.
    await releaseLease(platform, ref, lease)
    return null
  } catch (error) {
    // The detail may name servers and admin roles: it goes to the log, not to the project's owner.
    const detail = isDatabaseUnavailable(error) ? `${error.message} (${error.detail})` : error
    console.error(`Provisioning project ${ref} failed (attempt ${attempts}):`, detail)
    const max = platform.config.provisionMaxAttempts
    if (attempts < max) {
      const delay = retryDelayMs(platform.config.provisionRetryBaseMs, attempts)
      await platform.db.query(
        `update projects set status_message = $2, next_provision_at = now() + make_interval(secs => $3),
           lease_owner = null, lease_until = null, updated_at = now()
         where ref = $1 and status = 'COMING_UP' and lease_owner = $4`,
        [
          ref,
          `Setting up the database failed (attempt ${attempts} of ${max}); trying again in ${formatWait(delay)}.`,
          delay / 1000,
          lease,
        ]
      )
      await releaseLease(platform, ref, lease)
      return delay
    }
    await platform.db.query(
      `update projects set status = 'INIT_FAILED', status_message = $2, lease_owner = null, lease_until = null, updated_at = now()
       where ref = $1 and status = 'COMING_UP' and lease_owner = $3`,
      [
        ref,
        `The database could not be created after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} (last ${new Date().toISOString()}). Retry, or contact support with the project reference ${ref}.`,
        lease,
      ]
    )
    await releaseLease(platform, ref, lease)
    return null
  }
}

/**
 * The limits of the project's compute size (its plan's default until one is chosen, which stays
 * unchosen) on its new database: its connections across every role it will create, and its
 * memory settings. Not for a database given as it is (no admin to apply them), nor self-hosted
 * (one project: the server is its own).
 */
async function applyStartingCompute(platform: Platform, ref: string, region: string, location: ProjectDbLocation): Promise<void> {
  const adminUrl = adminUrlOf(platform, region)
  if (location.given || !adminUrl || !platform.config.isPlatform) return
  const [row] = await platform.db.query<{ compute_size: ComputeSizeId | null; plan: PlanId }>(
    'select p.compute_size, o.plan from projects p join organizations o on o.id = p.organization_id where p.ref = $1',
    [ref]
  )
  const size = row?.compute_size ?? defaultComputeSize(row?.plan ?? 'free')
  await applyComputeLimits(adminUrl, ref, COMPUTE_SIZES[size])
}

function formatWait(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 120 ? `${seconds} s` : `${Math.round(seconds / 60)} min`
}
