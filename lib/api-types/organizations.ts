import { z } from 'zod'
import { identifier, textField } from './zod-helpers'
import { ORGANIZATION_ROLES } from './permissions'
import { PLAN_IDS } from './plans'

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

export const createOrganizationBody = z.object({
  name: textField('Organization name')
    .trim()
    .min(1, 'Organization name is required')
    .max(64, 'Organization name must be 64 characters or fewer'),
  billing_email: z.email('Billing email must be a valid email address').max(MAX_EMAIL_LENGTH, `Billing email must be ${MAX_EMAIL_LENGTH} characters or fewer`).optional(),
})
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>

export const organizationParams = z.object({ slug: identifier('slug') })
