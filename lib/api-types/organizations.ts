import { z } from 'zod'
import { identifier, textField, timestamp } from './zod-helpers'
import { ORGANIZATION_ROLES, type OrganizationRole } from './permissions'
import { PLAN_IDS, type PlanId } from './plans'

export const RESTRICTION_STATUSES = ['grace_period', 'grace_period_over', 'restricted'] as const
export type RestrictionStatus = (typeof RESTRICTION_STATUSES)[number]

export const organization = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  billing_email: z.string(),
  managed_by: z.enum(['supabase', 'vercel-marketplace']),
  partner_id: z.string().optional(),
  plan: z.object({ id: z.enum(PLAN_IDS), name: z.string() }),
  restriction_status: z.enum(RESTRICTION_STATUSES).nullable(),
  restriction_data: z.object({ grace_period_end: z.string().optional() }).nullable(),
  is_owner: z.boolean(),
  role: z.enum(ORGANIZATION_ROLES),
})
export type Organization = z.infer<typeof organization>

export const MAX_EMAIL_LENGTH = 254
export const MAX_ORGANIZATION_NAME_LENGTH = 64

/** The plan tiers an organization is created with (SPEC §3). */
export const PLAN_TIERS = ['tier_free', 'tier_pro', 'tier_payg', 'tier_team', 'tier_enterprise'] as const
export type PlanTier = (typeof PLAN_TIERS)[number]
export const DEFAULT_PLAN_TIER: PlanTier = 'tier_free'

/**
 * The plan stored for each tier. Pay as you go is the Pro plan whose usage beyond the included
 * quota is billed instead of capped, so it is stored as Pro.
 */
export const TIER_PLANS: Record<PlanTier, PlanId> = {
  tier_free: 'free',
  tier_pro: 'pro',
  tier_payg: 'pro',
  tier_team: 'team',
  tier_enterprise: 'enterprise',
}

export const TIER_LABELS: Record<PlanTier, string> = {
  tier_free: 'Free',
  tier_pro: 'Pro',
  tier_payg: 'Pro (pay as you go)',
  tier_team: 'Team',
  tier_enterprise: 'Enterprise',
}

/** SPEC §6: Free and Pro offer Owner, Admin and Developer; Team and Enterprise add Read-only. */
export function rolesForPlan(plan: PlanId): readonly OrganizationRole[] {
  return plan === 'team' || plan === 'enterprise' ? ORGANIZATION_ROLES : ORGANIZATION_ROLES.filter((r) => r !== 'Read-only')
}

const organizationName = textField('Organization name')
  .trim()
  .min(1, 'Organization name is required')
  .max(MAX_ORGANIZATION_NAME_LENGTH, `Organization name must be ${MAX_ORGANIZATION_NAME_LENGTH} characters or fewer`)

const email = (label: string) =>
  textField(label)
    .trim()
    .max(MAX_EMAIL_LENGTH, `${label} must be ${MAX_EMAIL_LENGTH} characters or fewer`)
    .pipe(z.email(`${label} must be a valid email address`))

const billingEmail = email('Billing email')

export const createOrganizationBody = z.object({
  name: organizationName,
  billing_email: billingEmail.optional(),
  /** DEFAULT_PLAN_TIER when not given. */
  tier: z.enum(PLAN_TIERS, { error: `tier must be one of ${PLAN_TIERS.join(', ')}` }).optional(),
})
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>

export const updateOrganizationBody = z
  .object({
    name: organizationName.optional(),
    /** null clears it (the organization then shows 'Unknown'). */
    billing_email: billingEmail.nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.billing_email !== undefined, 'Give a new name or billing email to change')
export type UpdateOrganizationBody = z.input<typeof updateOrganizationBody>

export const organizationParams = z.object({ slug: identifier('slug') })

export const organizationDeleted = z.object({ slug: z.string(), deleted: z.literal(true) })

const role = z.enum(ORGANIZATION_ROLES, { error: `role must be one of ${ORGANIZATION_ROLES.join(', ')}` })

/** A member of an organization, named by the id of their account (gotrue_id). */
export const member = z.object({
  gotrue_id: z.string(),
  username: z.string(),
  primary_email: z.string(),
  role,
  joined_at: timestamp,
})
export type Member = z.infer<typeof member>

export const memberParams = organizationParams.extend({ gotrue_id: z.uuid('gotrue_id must be the id of an account') })
export const updateMemberBody = z.object({ role })
export type UpdateMemberBody = z.infer<typeof updateMemberBody>
export const memberRemoved = z.object({ gotrue_id: z.string(), removed: z.literal(true) })

/** Invitation tokens are 32 random bytes in base64url: exactly what a link may carry. */
export const invitationToken = textField('token').regex(/^[A-Za-z0-9_-]{20,100}$/, 'The invitation link is not valid')

export const createInvitationBody = z.object({ email: email('email').transform((e) => e.toLowerCase()), role })
export type CreateInvitationBody = z.input<typeof createInvitationBody>

/** An invitation as the organization's Owners and Admins see it, with the token its link carries. */
export const invitation = z.object({
  id: z.number(),
  email: z.string(),
  role,
  token: z.string(),
  invited_by: z.string().nullable(),
  created_at: timestamp,
  expires_at: timestamp,
  /** Pending ones can still be accepted until they expire. */
  status: z.enum(['pending', 'expired']),
})
export type Invitation = z.infer<typeof invitation>

export const invitationIdParams = organizationParams.extend({
  id: textField('id')
    .regex(/^\d{1,15}$/, 'The invitation id is not valid')
    .transform(Number),
})
export const invitationTokenParams = organizationParams.extend({ token: invitationToken })
export const invitationLookupParams = z.object({ token: invitationToken })

/** What the invited person sees before accepting (GET by token). */
export const invitationPreview = z.object({
  organization_name: z.string(),
  organization_slug: z.string(),
  role,
  email: z.string(),
  invited_by: z.string().nullable(),
  expires_at: timestamp,
})
export type InvitationPreview = z.infer<typeof invitationPreview>

export const invitationRevoked = z.object({ id: z.number(), revoked: z.literal(true) })
export const invitationDeclined = z.object({ declined: z.literal(true) })
export const organizationLeft = z.object({ slug: z.string(), left: z.literal(true) })
