/**
 * Compute size: reading it, asking for another, and the background half of the change. A request
 * moves the project into RESIZING with the size it goes to (`resizing_to`), under the project's
 * row lock and only from an active status with no backup being made; the scheduler claims it like
 * every transition (transitions.ts, a lease on the row) and runs `runResize`: everything of the
 * platform holding connections lets go, the size's limits land on the database in one transaction
 * (databases/compute-limits.ts), its sessions end, and the project is ACTIVE_HEALTHY on the new
 * size. Every step is safe to run again, so a claim cut off is finished by the next one.
 */
import type { ProjectCompute } from '@/lib/api-types'
import { COMPUTE_SIZES, computeSizeRefusal, computeSizesFor, defaultComputeSize, type ComputeSizeId } from '@/lib/compute-sizes'
import type { PlanId } from '@/lib/api-types/plans'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { conflict, PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { letGo } from '../backups/backups'
import { serverAdminUrl } from '../databases/project-admin'
import { applyComputeLimits } from '../databases/compute-limits'
import type { ProjectDbLocation } from '../databases'
import { retryDelayMs } from './provision'
import type { TransitionClaim } from './transition-claim'
import { releaseLease } from './lease'
import { lockingProject } from './locking-project'

/** Tries before a resize gives up and leaves the project on its old size. */
const MAX_TRIES = 3

type ComputeRow = {
  ref: string
  name: string
  status: ProjectCompute['status']
  organization_id: number
  plan: PlanId
  compute_size: ComputeSizeId | null
  resizing_to: ComputeSizeId | null
  db_location: ProjectDbLocation | null
}

const COLUMNS = `p.ref, p.name, p.status, p.organization_id::int as organization_id, o.plan, p.compute_size, p.resizing_to, p.db_location`

const describe = (status: string) => status.toLowerCase().replace(/_/g, ' ')

function toCompute(row: ComputeRow): ProjectCompute {
  return {
    ref: row.ref,
    status: row.status,
    size: row.compute_size ?? defaultComputeSize(row.plan),
    applied: row.compute_size !== null,
    resizing_to: row.resizing_to,
    available: computeSizesFor(row.plan),
  }
}

export async function readCompute(platform: Platform, project: ProjectAccess): Promise<ProjectCompute> {
  const [row] = await platform.db.query<ComputeRow>(`select ${COLUMNS} from projects p join organizations o on o.id = p.organization_id where p.ref = $1`, [project.ref])
  if (!row) throw new PlatformError(404, 'This project does not exist')
  return toCompute(row)
}

/** Puts the project in RESIZING towards `size`; 402 when the plan does not allow it, 409 while something else is under way. */
export async function requestResize(platform: Platform, project: ProjectAccess, size: ComputeSizeId, user: AuthUser | null): Promise<ProjectCompute> {
  const { row, from } = await lockingProject(platform, () => platform.db.transaction(async (tx) => {
    const [current] = await tx.query<ComputeRow>(
      `select ${COLUMNS} from projects p join organizations o on o.id = p.organization_id where p.ref = $1 for update of p`,
      [project.ref]
    )
    if (!current) throw new PlatformError(404, 'This project does not exist')
    // Transferred meanwhile (transfer.ts): the caller's right was checked in the organization it left.
    if (current.organization_id !== project.organization_id) throw conflict('This project has just been moved to another organization; open it there.')
    const refusal = computeSizeRefusal(current.plan, size)
    if (refusal) throw new PlatformError(402, refusal)
    if (current.status === 'RESIZING') throw conflict('A resize of this project is already under way; choose another size once it is done.')
    if (current.status !== 'ACTIVE_HEALTHY' && current.status !== 'ACTIVE_UNHEALTHY')
      throw conflict(`Only an active project can be resized; this one is ${describe(current.status)}.`)
    if (!current.db_location || current.db_location.given)
      throw conflict("This project's database was given to the platform as it is: its limits are its own server's.")
    const making = await tx.query(`select 1 from project_backups where project_ref = $1 and status = 'pending'`, [project.ref])
    if (making.length) throw conflict('A backup of this project is being made; resize once it is done.')
    if (current.compute_size === size) throw conflict(`This project already runs on ${COMPUTE_SIZES[size].name} compute.`)
    const [moved] = await tx.query<ComputeRow>(
      `with moved as (
         update projects set status = 'RESIZING', resizing_to = $2, status_message = $3, transition_attempts = 0,
           next_transition_at = null, updated_at = now()
         where ref = $1 returning *
       )
       select ${COLUMNS} from moved p join organizations o on o.id = p.organization_id`,
      [project.ref, size, `The database is moving to ${COMPUTE_SIZES[size].name} compute; its connections restart briefly.`]
    )
    return { row: moved, from: current.compute_size ?? defaultComputeSize(current.plan) }
  }))
  await recordAudit(platform.db, {
    organizationId: row.organization_id,
    action: 'project.resized',
    actor: user && { id: user.id, email: user.email },
    target: { type: 'project', id: row.ref, name: row.name },
    details: { from: COMPUTE_SIZES[from].name, to: COMPUTE_SIZES[size].name },
  })
  return toCompute(row)
}

/** Ends the resize; only while the project is still RESIZING under this claim (a delete may have come first). */
async function finish(platform: Platform, { ref, lease }: TransitionClaim, set: { size: ComputeSizeId | null; message: string | null }) {
  await platform.db.query(
    `update projects set status = 'ACTIVE_HEALTHY', status_message = $2, compute_size = coalesce($3, compute_size), resizing_to = null,
       unhealthy_since = null, last_activity_at = now(), next_transition_at = null, lease_owner = null, lease_until = null, updated_at = now()
     where ref = $1 and status = 'RESIZING' and lease_owner = $4`,
    [ref, set.message, set.size, lease]
  )
  await releaseLease(platform, ref, lease)
}

/** The background half (called by transitions.ts for a claimed RESIZING project). Answers the wait before the next try, or null. */
export async function runResize(platform: Platform, claim: TransitionClaim): Promise<number | null> {
  const [row] = await platform.db.query<{ resizing_to: ComputeSizeId | null; compute_size: ComputeSizeId | null }>(
    'select resizing_to, compute_size from projects where ref = $1',
    [claim.ref]
  )
  const target = row?.resizing_to
  if (!target) {
    await finish(platform, claim, { size: null, message: null })
    return null
  }
  try {
    if (!claim.db_location) throw new Error('the project has no database')
    // The data API, the auth service and the SQL pools let go first, as for a restore: their
    // connections would otherwise be ended under them.
    await letGo(platform, claim.ref, claim.db_location, 'restart')
    await applyComputeLimits(serverAdminUrl(platform, claim.region), claim.ref, COMPUTE_SIZES[target])
    await finish(platform, claim, { size: target, message: null })
    return null
  } catch (error) {
    console.error(`Resizing project ${claim.ref} to ${target} failed (attempt ${claim.attempts}):`, error)
    if (claim.attempts < MAX_TRIES) {
      const delay = retryDelayMs(platform.config.provisionRetryBaseMs, claim.attempts)
      await platform.db.query(
        `update projects set status_message = $2, next_transition_at = now() + make_interval(secs => $3), lease_owner = null, lease_until = null, updated_at = now()
         where ref = $1 and status = 'RESIZING' and lease_owner = $4`,
        [claim.ref, `Applying ${COMPUTE_SIZES[target].name} compute failed (attempt ${claim.attempts}); it is tried again by itself.`, delay / 1000, claim.lease]
      )
      return delay
    }
    // The limits change in one transaction: a failed try left the old size's limits in place.
    const kept = row.compute_size ? `${COMPUTE_SIZES[row.compute_size].name} compute` : 'its earlier limits'
    await finish(platform, claim, {
      size: null,
      message: `Resizing to ${COMPUTE_SIZES[target].name} failed at ${new Date().toISOString()}: the project keeps ${kept}. Try again, or contact support with the project reference ${claim.ref}.`,
    })
    return null
  }
}
