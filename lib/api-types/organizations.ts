import { z } from 'zod'
import { textField } from './zod-helpers'

export const ORGANIZATION_ROLES = ['Owner', 'Administrator', 'Developer', 'Read-only'] as const
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number]

export type RestrictionStatus = 'grace_period' | 'grace_period_over' | 'restricted'

export type Organization = {
  id: number
  name: string
  slug: string
  billing_email: string
  managed_by: 'supabase' | 'vercel-marketplace'
  partner_id?: string
  plan: { id: PlanId; name: string }
  restriction_status: RestrictionStatus | null
  restriction_data: { grace_period_end?: string } | null
  is_owner: boolean
  role: OrganizationRole
}

export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const createOrganizationBody = z.object({
  name: textField('Organization name')
    .trim()
    .min(1, 'Organization name is required')
    .max(64, 'Organization name must be 64 characters or fewer'),
  billing_email: z.email('Billing email must be a valid email address').optional(),
})
export type CreateOrganizationBody = z.infer<typeof createOrganizationBody>
