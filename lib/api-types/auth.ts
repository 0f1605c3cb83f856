/**
 * The GoTrue-compatible auth service's contracts (what @supabase/auth-js sends and reads), and the
 * password rules the sign-up form and the service share (SPEC §5).
 */
import { z } from 'zod'
import { MAX_EMAIL_LENGTH } from './organizations'

export const MIN_PASSWORD_LENGTH = 6
/** SPEC §5: under 100 characters. */
export const MAX_PASSWORD_LENGTH = 99
export const PASSWORD_TOO_LONG_MESSAGE = 'Password should be less than 100 characters'
/** Largest `data` (user metadata) a sign-up may carry, as JSON. */
export const MAX_USER_METADATA_BYTES = 16 * 1024

const email = z.string().max(MAX_EMAIL_LENGTH, `Email address must be ${MAX_EMAIL_LENGTH} characters or fewer`)
const phone = z.string().max(32, 'Phone number is too long')
// Long enough for any real password; bounds the hashing work a request can ask for.
const password = z.string().max(1024, 'Password is too long')
const userMetadata = z
  .record(z.string(), z.unknown())
  .refine((data) => new TextEncoder().encode(JSON.stringify(data)).length <= MAX_USER_METADATA_BYTES, {
    message: `User metadata (data) must be at most ${MAX_USER_METADATA_BYTES / 1024} KB of JSON`,
  })

export const signupBody = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: password.optional(),
  data: userMetadata.optional(),
})

export const tokenQuery = z.object({
  grant_type: z.enum(['password', 'refresh_token'], { error: 'grant_type must be password or refresh_token' }),
})

export const tokenBody = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: password.optional(),
  refresh_token: z.string().max(256, 'refresh_token is not valid').optional(),
})

export const logoutQuery = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: 'scope must be one of global, local, others' }).default('global'),
})

export const authUser = z.looseObject({
  id: z.string(),
  aud: z.string(),
  role: z.string(),
  email: z.string(),
  phone: z.string(),
  app_metadata: z.record(z.string(), z.unknown()),
  user_metadata: z.record(z.string(), z.unknown()),
  identities: z.array(z.unknown()),
  created_at: z.string(),
})

export const authSession = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string(),
  user: authUser,
})

export const authSettings = z.looseObject({
  external: z.record(z.string(), z.boolean()),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
})
