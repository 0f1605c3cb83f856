/**
 * Which roles a control offers: the plan's roles (SPEC §6), Owner only to an Owner. The platform
 * refuses the rest anyway; offering them would only invite an error.
 */
import { rolesForPlan } from '@/lib/api-types/organizations'
import type { OrganizationRole, PlanId } from '@/lib/api-types'
import type { SelectOption } from '@/components/ui'

export function roleOptions({ plan, callerRole, current }: { plan: PlanId; callerRole: OrganizationRole; current?: OrganizationRole }): SelectOption[] {
  const roles: OrganizationRole[] = [...rolesForPlan(plan)]
  // A role kept from a former plan (Read-only after a downgrade) still shows as what it is.
  if (current && !roles.includes(current)) roles.push(current)
  return roles.map((role) => ({
    value: role,
    label: role,
    disabled: (role === 'Owner' && callerRole !== 'Owner') || (role !== current && !rolesForPlan(plan).includes(role)),
  }))
}

/** The /join link of an invitation, on this dashboard's own address. */
export function invitationLink(token: string, origin: string): string {
  return `${origin}/join?token=${encodeURIComponent(token)}`
}
