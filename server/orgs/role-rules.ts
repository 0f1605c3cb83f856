/**
 * The rules on roles that the roles policy alone cannot say, because they depend on the role
 * being given or taken away and on the organization's plan.
 */
import { PLAN_NAMES, rolesForPlan, type OrganizationRole, type PlanId } from '@/lib/api-types'
import { PlatformError } from '../kernel/errors'

/** Read-only exists on the Team and Enterprise plans only (SPEC §6). */
export function assertPlanOffersRole(plan: PlanId, role: OrganizationRole) {
  if (rolesForPlan(plan).includes(role)) return
  throw new PlatformError(
    400,
    `The ${role} role is available on the Team and Enterprise plans only; this organization is on the ${PLAN_NAMES[plan]} plan.`
  )
}

/** Only an Owner makes someone an Owner, or changes or removes an Owner. */
export function assertMayTouchOwner(callerRole: OrganizationRole, { from, to }: { from?: OrganizationRole; to?: OrganizationRole }) {
  if (callerRole === 'Owner') return
  if (to === 'Owner') throw new PlatformError(403, 'Only an Owner can make someone an Owner.')
  if (from === 'Owner') throw new PlatformError(403, "Only an Owner can change or remove another Owner.")
}

export const LAST_OWNER_MESSAGE = 'An organization must keep at least one Owner. Make another member an Owner first.'

/** Refuses a change that would leave the organization without an Owner. */
export function assertKeepsAnOwner(owners: number, { losing }: { losing: boolean }) {
  if (losing && owners <= 1) throw new PlatformError(400, LAST_OWNER_MESSAGE)
}
