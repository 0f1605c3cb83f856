/** Personal access tokens: a user's key to the Management API (`/v1/…`), shown once. */
import { z } from 'zod'

/** Supabase's form: `sbp_` and 40 hex digits. */
export const ACCESS_TOKEN_FORM = /^sbp_[0-9a-f]{40}$/

export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  /** Its first and last characters (`sbp_3f2a…91c0`): enough to tell tokens apart, not to use one. */
  token_alias: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
})
export type AccessToken = z.infer<typeof accessToken>

export const ACCESS_TOKEN_EXPIRIES = [7, 30, 90, 365] as const

export const createAccessTokenBody = z.object({
  name: z.string().trim().min(1, 'Name the token: what it is for.').max(100, 'A name is at most 100 characters.'),
  /** Days until it expires; null: never. */
  expires_in_days: z
    .number()
    .int()
    .refine((days) => (ACCESS_TOKEN_EXPIRIES as readonly number[]).includes(days), `A token expires in ${ACCESS_TOKEN_EXPIRIES.join(', ')} days, or never.`)
    .nullable(),
})

/** The one answer that holds the token itself. */
export const createdAccessToken = accessToken.extend({ token: z.string() })
export type CreatedAccessToken = z.infer<typeof createdAccessToken>

export const accessTokenParams = z.object({ id: z.uuid('Not a token id.') })
