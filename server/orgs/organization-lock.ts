/**
 * Changes to who belongs to an organization, and with which role, run one at a time per
 * organization: each takes a lock on the organization's row first, then reads what it decides on
 * (the caller's role, the number of Owners, the plan). Two Owners demoting each other at once
 * therefore cannot both succeed, and a role read before the lock never decides anything.
 *
 * The lock is `for no key update`: it excludes the other membership changes (and a deletion of
 * the organization) but not inserts that merely reference the organization.
 */
import { PlatformError } from '../kernel/errors'
import type { Queryable } from '../db/control-plane'
import type { OrganizationRole, PlanId } from '@/lib/api-types'

export type LockedOrganization = { id: number; slug: string; plan: PlanId }

export const ORGANIZATION_GONE = 'This organization does not exist'

export async function lockOrganization(tx: Queryable, organizationId: number, { forDelete = false } = {}): Promise<LockedOrganization> {
  // Deleting takes the stronger lock, which also waits for (and then refuses) a project being created.
  const mode = forDelete ? 'for update' : 'for no key update'
  const [org] = await tx.query<LockedOrganization>(`select id::int as id, slug, plan from organizations where id = $1 ${mode}`, [organizationId])
  if (!org) throw new PlatformError(404, ORGANIZATION_GONE)
  return org
}

/** The caller's role as it is now, under the lock (it may have changed since the request began). */
export async function currentRole(tx: Queryable, organizationId: number, userId: string): Promise<OrganizationRole> {
  const [row] = await tx.query<{ role: OrganizationRole }>(
    `select m.role from organization_members m join profiles p on p.id = m.profile_id
     where m.organization_id = $1 and p.user_id = $2`,
    [organizationId, userId]
  )
  // No longer a member: the organization no longer exists for them.
  if (!row) throw new PlatformError(404, ORGANIZATION_GONE)
  return row.role
}

export async function countOwners(tx: Queryable, organizationId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>(`select count(*)::int as n from organization_members where organization_id = $1 and role = 'Owner'`, [
    organizationId,
  ])
  return row.n
}
