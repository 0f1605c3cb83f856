/**
 * What stands in the way of a change of tier, and what the change does: the same refusals answer
 * the preview (`refusal`) and the change itself (400), read inside the change's transaction with
 * the organization's row locked, so what was checked is what is changed.
 */
import { PLAN_NAMES, rolesForPlan, type PlanTier } from '@/lib/api-types'
import { ENTERPRISE_CONTACT_HREF } from '@/lib/billing/plan-cards'
import { activeProjectLimit, planNumbers } from '@/lib/billing/plan-table'
import { changeKind, TIERS } from '@/lib/billing/tiers'
import { formatUsd } from '@/lib/billing/money'
import { formatBytes } from '@/lib/format-bytes'
import type { Queryable } from '../db/control-plane'
import { countActiveProjects, type LockedPlan } from '../projects/free-plan'
import { computeMisfits, misfitSentence } from '../projects/compute-fit'

/** Where the Enterprise plan is arranged: the contact form of its plan card. */
export const ENTERPRISE_CONTACT = ENTERPRISE_CONTACT_HREF

export const ENTERPRISE_REFUSAL = 'Enterprise plans are arranged with our team: use the contact form.'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Why moving `org` to `target` is refused, in words; null when it may go ahead (or nothing changes). */
export async function refusalOf(db: Queryable, org: LockedPlan, target: PlanTier): Promise<string | null> {
  if (target === org.tier) return null
  if (target === 'tier_enterprise') return ENTERPRISE_REFUSAL
  const targetPlan = TIERS[target].plan
  const limit = activeProjectLimit(targetPlan, org.slug)
  if (limit !== null) {
    const active = await countActiveProjects(db, org.id)
    if (active > limit)
      return (
        `The ${PLAN_NAMES[targetPlan]} plan allows ${plural(limit, 'active project', 'active projects')} per organization, ` +
        `and ${org.name} has ${active}. Pause or delete ${active - limit} of them first.`
      )
  }
  const misfits = await computeMisfits(db, targetPlan, { organizationId: org.id })
  if (misfits.length > 0)
    return `${misfitSentence(targetPlan, misfits)} Move ${misfits.length === 1 ? 'it' : 'them'} to a smaller size first (Project settings → Compute and Disk).`
  if (!rolesForPlan(targetPlan).includes('Read-only')) {
    const [{ count }] = await db.query<{ count: number }>(
      `select count(*)::int as count from organization_members where organization_id = $1 and role = 'Read-only'`,
      [org.id]
    )
    if (count > 0)
      return (
        `The ${PLAN_NAMES[targetPlan]} plan does not offer the Read-only role, and ${org.name} has ${plural(count, 'Read-only member', 'Read-only members')}. ` +
        `Change ${count === 1 ? 'their role' : 'their roles'} first.`
      )
  }
  return null
}

/** Extra fields of the 400 a refused change answers: where to go instead, when there is somewhere. */
export const refusalDetails = (target: PlanTier): Record<string, unknown> | undefined =>
  target === 'tier_enterprise' ? { contact_url: ENTERPRISE_CONTACT } : undefined

/** What changes for the organization in words, for the preview. */
export function changeNotes(org: Pick<LockedPlan, 'tier' | 'slug'> & { restricted: boolean }, target: PlanTier): string[] {
  const kind = changeKind(org.tier, target)
  if (kind === 'none') return ["This is the organization's plan now: nothing changes."]
  if (target === 'tier_enterprise') return [`Enterprise plans are arranged with our team through the contact form: ${ENTERPRISE_CONTACT}`]
  const from = planNumbers(TIERS[org.tier].plan)
  const to = planNumbers(TIERS[target].plan)
  const notes: string[] = []
  if (to.priceMonthly !== null)
    notes.push(
      to.priceMonthly === 0
        ? 'No monthly price.'
        : `${formatUsd(to.priceMonthly)} per month, including ${formatUsd(to.computeCreditsMonthly)} of compute credits.`
    )
  const limit = activeProjectLimit(to.id, org.slug)
  if (limit !== null) notes.push(`At most ${plural(limit, 'active project', 'active projects')} in the organization.`)
  else if (activeProjectLimit(from.id, org.slug) !== null) notes.push('No limit on active projects.')
  if (to.limits.pauseAfterInactiveDays !== null)
    notes.push(`Projects are paused after ${plural(to.limits.pauseAfterInactiveDays, 'day', 'days')} without activity.`)
  else if (from.limits.pauseAfterInactiveDays !== null) notes.push('Projects are no longer paused for inactivity.')
  const databaseSize = to.quotas.DATABASE_SIZE.included
  if (databaseSize !== null && databaseSize !== from.quotas.DATABASE_SIZE.included) notes.push(`${formatBytes(databaseSize)} of database space per project included.`)
  notes.push(
    TIERS[target].spendCap
      ? 'Spend cap on: usage beyond the included quotas is not billed; the organization is restricted after a grace period instead.'
      : "Usage beyond the included quotas is billed at the plan's prices (pay as you go)."
  )
  const readOnlyBefore = rolesForPlan(from.id).includes('Read-only')
  const readOnlyAfter = rolesForPlan(to.id).includes('Read-only')
  if (readOnlyAfter && !readOnlyBefore) notes.push('The Read-only role becomes available for members.')
  if (readOnlyBefore && !readOnlyAfter) notes.push('The Read-only role is no longer offered.')
  if (to.limits.logRetentionDays !== from.limits.logRetentionDays) notes.push(`Logs are kept ${plural(to.limits.logRetentionDays, 'day', 'days')}.`)
  if (kind === 'upgrade' && org.restricted) notes.push("The organization's restriction is lifted at once.")
  return notes
}

