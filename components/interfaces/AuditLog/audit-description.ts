/**
 * An audit log entry in words: "changed the plan from Free to Pro", "paused project Shop". The
 * platform stores what changed in `details` (from, to, email, role …); a detail it did not record
 * is left out of the sentence rather than shown as "undefined".
 */
import dayjs from 'dayjs'
import { PLAN_TIERS } from '@/lib/api-types/organizations'
import { PLAN_IDS, PLAN_NAMES } from '@/lib/api-types/plans'
import type { AuditEntry, PlanId, PlanTier } from '@/lib/api-types'
import { TIERS } from '@/lib/billing/tiers'

/** SPEC §9 date format, in the reader's time zone with its offset. */
export const AUDIT_TIME_FORMAT = 'DD MMM YYYY, HH:mm:ss (ZZ)'

export const formatAuditTime = (occurredAt: string) => dayjs(occurredAt).format(AUDIT_TIME_FORMAT)

/** Who did it: the member's email, or 'System' for the platform itself (a scheduled pause). */
export const auditActor = (entry: Pick<AuditEntry, 'actor'>) => entry.actor?.email ?? 'System'

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined)

/** A tier or plan id as people name it ('tier_payg' → 'Pro (pay as you go)'); anything else as stored. */
function planLabel(value: string): string {
  if ((PLAN_TIERS as readonly string[]).includes(value)) return TIERS[value as PlanTier].label
  if ((PLAN_IDS as readonly string[]).includes(value)) return PLAN_NAMES[value as PlanId]
  return value
}

const fromTo = (from: string | undefined, to: string | undefined) => `${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}`

/** The action as a phrase whose subject is the actor. */
export function describeAuditEntry({ action, target, details }: Pick<AuditEntry, 'action' | 'target' | 'details'>): string {
  const name = target.name ?? target.id
  const from = text(details.from)
  const to = text(details.to)
  const email = text(details.email) ?? (target.type === 'member' || target.type === 'invitation' ? name : undefined)
  const role = text(details.role)
  const asRole = role ? ` as ${role}` : ''
  switch (action) {
    case 'organization.created':
      return `created the organization ${name}`
    case 'organization.updated':
      return from || to ? `renamed the organization${fromTo(from, to)}` : `updated the organization ${name}`
    case 'organization.billing_email_changed':
      return `changed the billing email${fromTo(from, to)}`
    case 'subscription.changed':
      return `changed the plan${fromTo(from && planLabel(from), to && planLabel(to))}`
    case 'tax_id.added':
    case 'tax_id.removed': {
      const value = text(details.value) ?? name
      const type = text(details.type)
      return `${action === 'tax_id.added' ? 'added' : 'removed'} the tax id ${value}${type ? ` (${type})` : ''}`
    }
    case 'member.invited':
      return `invited ${email ?? 'a new member'}${asRole}`
    case 'member.invitation_revoked':
      return `revoked the invitation of ${email ?? name}`
    case 'member.joined':
      return `joined the organization${asRole}`
    case 'member.role_changed':
      return `changed ${email ? `${email}'s` : "a member's"} role${fromTo(from, to)}`
    case 'member.removed':
      return `removed ${email ?? 'a member'} from the organization`
    case 'member.left':
      return 'left the organization'
    case 'project.created':
      return `created project ${name}`
    case 'project.paused':
      return `paused project ${name}`
    case 'project.restored':
      return `restored project ${name}`
    case 'project.deleted':
      return `deleted project ${name}`
    case 'project.transferred':
      return `transferred project ${name}${fromTo(from, to)}`
    case 'project.renamed':
      return `renamed project ${name}${fromTo(from, to)}`
    case 'project.resized':
      return `changed the compute size of project ${name}${fromTo(from, to)}`
    case 'project.writes_allowed':
      return `allowed writes to project ${name} for ${typeof details.minutes === 'number' ? details.minutes : 15} minutes to free space`
    case 'project.upgraded': {
      const updated = Array.isArray(details.extensions) ? details.extensions.filter((e): e is string => typeof e === 'string') : []
      return `upgraded project ${name}${updated.length ? ` (${updated.join(', ')})` : ''}`
    }
  }
}

const TARGET_TYPES: Record<AuditEntry['target']['type'], string> = {
  organization: 'Organization',
  member: 'Member',
  invitation: 'Invitation',
  project: 'Project',
  subscription: 'Subscription',
  tax_id: 'Tax id',
}

/** What the entry is about: "Project Shop", "Member ana@example.com". */
export const describeAuditTarget = ({ target }: Pick<AuditEntry, 'target'>) => `${TARGET_TYPES[target.type]} ${target.name ?? target.id}`
