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
  /** The avatar of a linked code-host account (GitHub first); absent without one. */
  profileImageUrl: z.string().optional(),
})
export type Profile = z.infer<typeof profile>

export { MIN_PASSWORD_SCORE } from './password-limits'

export const passwordCheckBody = z.object({
  password: z.string({ error: 'password is required' }).max(1024, 'Password is too long'),
})
export const passwordCheckResult = z.object({
  result: z.object({
    score: z.number().int().min(0).max(4),
    feedback: z.object({ warning: z.string(), suggestions: z.array(z.string()) }),
  }),
})
export type PasswordCheckResult = z.infer<typeof passwordCheckResult>
