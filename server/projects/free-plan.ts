/**
 * The Free plan's limit (SPEC §9): an organization on the Free plan may have 2 active projects,
 * 1 for a partner organization (slug vercel_…; activeProjectLimit in lib/billing/plan-table.ts).
 * A project is on its organization's plan, so the limit counts every project of the organization.
 * Active means every status but INACTIVE, REMOVED and GOING_DOWN (NOT_ACTIVE_STATUSES): a failed
 * or pausing project still holds its database. A preview branch is a project and counts like one.
 *
 * Counted inside the transaction that adds (or brings back) the project, with the organization's
 * row locked `for update`: two requests at once (two tabs, two app instances) cannot both take the
 * last place, and a plan change (server/billing/subscription.ts, same lock) cannot move the
 * organization to Free between the count and the insert.
 */
import { NOT_ACTIVE_STATUSES, PLAN_NAMES, type PlanId, type PlanTier } from '@/lib/api-types'
import { activeProjectLimit } from '@/lib/billing/plan-table'
import type { Queryable } from '../db/control-plane'
import { badRequest, PlatformError } from '../kernel/errors'
import { ORGANIZATION_GONE } from '../orgs/organization-lock'

const NOT_ACTIVE_SQL = NOT_ACTIVE_STATUSES.map((s) => `'${s}'`).join(', ')

/** An organization's plan as read under the lock on its row. */
export type LockedPlan = { id: number; name: string; slug: string; plan: PlanId; tier: PlanTier }

/** Locks the organization's row (`for update`) and reads its plan: what every decision on projects and plans starts from. */
export async function lockOrganizationPlan(tx: Queryable, organizationId: number): Promise<LockedPlan> {
  const [org] = await tx.query<LockedPlan>('select id::int as id, name, slug, plan, tier from organizations where id = $1 for update', [organizationId])
  if (!org) throw new PlatformError(404, ORGANIZATION_GONE)
  return org
}

/** The organization's active projects (branches included), leaving out `excludingRef`. */
export async function countActiveProjects(tx: Queryable, organizationId: number, { excludingRef }: { excludingRef?: string } = {}): Promise<number> {
  const [{ count }] = await tx.query<{ count: number }>(
    `select count(*)::int as count from projects
     where organization_id = $1 and status not in (${NOT_ACTIVE_SQL}) and ref <> coalesce($2, '')`,
    [organizationId, excludingRef ?? null]
  )
  return count
}

const projects = (n: number) => `${n} active ${n === 1 ? 'project' : 'projects'}`

/** Refuses one more active project when the organization's plan (read under the lock) has no room for it. */
export async function assertProjectRoom(tx: Queryable, org: LockedPlan, { excludingRef }: { excludingRef?: string } = {}): Promise<void> {
  const limit = activeProjectLimit(org.plan, org.slug)
  if (limit === null) return
  const count = await countActiveProjects(tx, org.id, { excludingRef })
  if (count >= limit)
    throw badRequest(
      `The ${PLAN_NAMES[org.plan]} plan allows ${projects(limit)} per organization, and ${org.name} already has ${count}. ` +
        "Pause or delete one of them, or upgrade the organization's plan on its billing page."
    )
}

/**
 * Locks the organization's row, then refuses one more active project when its plan has no room;
 * answers the organization's plan. The plan argument is not read: a project is on its
 * organization's plan, whatever it was created with (kept so that callers need not change).
 */
export async function assertFreePlanRoom(
  tx: Queryable,
  organizationId: number,
  _plan?: PlanId,
  { excludingRef }: { excludingRef?: string } = {}
): Promise<LockedPlan> {
  const org = await lockOrganizationPlan(tx, organizationId)
  await assertProjectRoom(tx, org, { excludingRef })
  return org
}
