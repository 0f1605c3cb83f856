/**
 * Moving a project (with its preview branches) to another organization of the caller's: what the
 * preview tells before the move, and what the move answers.
 */
import { z } from 'zod'
import { PLAN_IDS } from './plans'
import { PROJECT_STATUSES, projectDetail } from './projects'
import { textField } from './zod-helpers'

export const transferTarget = z.object({
  target_organization_slug: textField('target_organization_slug')
    .min(1, 'target_organization_slug is required')
    .max(64, 'target_organization_slug is not valid'),
})
export type TransferTarget = z.infer<typeof transferTarget>

const organizationSide = z.object({ slug: z.string(), name: z.string(), plan: z.enum(PLAN_IDS) })
const memberChange = z.object({ username: z.string(), email: z.string(), role: z.string() })

export const transferPreview = z.object({
  source_organization: organizationSide,
  target_organization: organizationSide,
  project: z.object({ ref: z.string(), name: z.string(), status: z.enum(PROJECT_STATUSES) }),
  /** The project takes its new organization's plan (one plan per organization). */
  plan: z.object({ from: z.enum(PLAN_IDS), to: z.enum(PLAN_IDS) }),
  /** Preview branches move with their project. */
  branches: z.array(z.object({ ref: z.string(), name: z.string(), status: z.enum(PROJECT_STATUSES) })),
  /** Members of the source organization who are not members of the target: they no longer see the project. */
  members_losing_access: z.array(memberChange),
  /** Members of the target organization who are not members of the source: they see it from now on (with their role there). */
  members_gaining_access: z.array(memberChange),
  /** Whether the move would be accepted now; when not, `refusals` say why. */
  can_transfer: z.boolean(),
  /** What the move would be refused with: the status and the sentence it would answer. */
  refusals: z.array(z.object({ status: z.number(), message: z.string() })),
  /** Things the move allows but the member should know (a database larger than the new plan includes …). */
  warnings: z.array(z.string()),
})
export type TransferPreview = z.infer<typeof transferPreview>

export const transferAnswer = z.object({
  project: projectDetail,
  /** Refs of the preview branches that moved with it. */
  branches: z.array(z.string()),
  source_organization_slug: z.string(),
  target_organization_slug: z.string(),
})
export type TransferAnswer = z.infer<typeof transferAnswer>
