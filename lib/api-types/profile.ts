import { z } from 'zod'

export const profile = z.object({
  id: z.number(),
  gotrue_id: z.string(),
  auth0_id: z.string(),
  username: z.string(),
  primary_email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** Self-hosted only (SPEC §3), from DISABLED_FEATURES. */
  disabled_features: z.array(z.string()),
  is_alpha_user: z.boolean(),
})
export type Profile = z.infer<typeof profile>
