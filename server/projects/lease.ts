/**
 * The lease on a project's row that provisioning and the transitions (pause, restore, resize …)
 * claim it with. A lease names one claim, not only the app instance that made it: an attempt that
 * failed and was scheduled again may be claimed anew by the same instance a moment later, and the
 * first attempt's last statements (its release) must then find a lease that is no longer theirs.
 * With the instance's id alone, that late release let go of the new attempt's lease, and another
 * claim ran beside it (seen: attempts 3 and 4 of a project allowed 2).
 */
import { randomUUID } from 'node:crypto'
import type { Platform } from '../kernel/platform'

/** Longer than any provisioning or transition takes: after it, another instance may take the project over. */
export const LEASE_SECONDS = 120

/** A new claim's lease: this instance, and which of its claims. */
export function newLease(platform: Platform): string {
  return `${platform.instanceId}/${randomUUID()}`
}

/** Lets go of the lease, also when the project moved on meanwhile (deleted while it was worked on). */
export async function releaseLease(platform: Platform, ref: string, lease: string): Promise<void> {
  await platform.db.query(`update projects set lease_owner = null, lease_until = null where ref = $1 and lease_owner = $2`, [ref, lease])
}
