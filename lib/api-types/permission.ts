/**
 * One organization's entry of GET /platform/profile/permissions. Apart from the roles policy
 * (./permissions.ts), which the app shell reads, so that the shell does not load zod.
 */
import { z } from 'zod'
import { ACTIONS, type Action } from './permissions'

export const permission = z.object({
  organization_id: z.number(),
  organization_slug: z.string(),
  /** The actions of ROLES_POLICY the caller's role allows in this organization. */
  actions: z.array(z.enum(ACTIONS as [Action, ...Action[]])),
  resources: z.array(z.string()),
  condition: z.null(),
  restrictive: z.boolean(),
})
export type Permission = z.infer<typeof permission>
