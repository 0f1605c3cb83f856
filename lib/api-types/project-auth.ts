/**
 * A project's own users (the auth service at {site}/p/{ref}/auth/v1, users in the project's
 * `auth` schema) as the dashboard manages them: its settings (Authentication → Providers) and its
 * users (Authentication → Users).
 */
import { z } from 'zod'
import { projectParams } from './projects'

export const PROJECT_USERS_PAGE_LIMIT = 100

export const projectAuthConfig = z.object({
  /** No one may sign up on their own (the dashboard and the service key still create users). */
  disable_signup: z.boolean(),
  external_email_enabled: z.boolean(),
  external_phone_enabled: z.boolean(),
  /** Sign-ups by email are confirmed at once, without a confirmation mail. */
  mailer_autoconfirm: z.boolean(),
  sms_autoconfirm: z.boolean(),
  /** Where links in mails lead when the app names no redirect; also the default redirect. */
  site_url: z.string(),
  /** Further URLs a redirect_to may name (exact, or ending in `**` for a prefix). */
  uri_allow_list: z.array(z.string()),
  /** Access tokens' lifetime, in seconds. */
  jwt_exp: z.number().int(),
  /** The shortest password accepted. */
  password_min_length: z.number().int(),
})
export type ProjectAuthConfig = z.infer<typeof projectAuthConfig>

const url = z.string().trim().max(2000).url('Enter a full URL, such as https://example.com')

export const projectAuthConfigPatch = z
  .object({
    disable_signup: z.boolean().optional(),
    external_email_enabled: z.boolean().optional(),
    external_phone_enabled: z.boolean().optional(),
    mailer_autoconfirm: z.boolean().optional(),
    sms_autoconfirm: z.boolean().optional(),
    site_url: url.optional(),
    uri_allow_list: z.array(z.string().trim().min(1).max(2000)).max(100).optional(),
    jwt_exp: z.number().int().min(30).max(604_800).optional(),
    password_min_length: z.number().int().min(6).max(72).optional(),
  })
  .strict()
export type ProjectAuthConfigPatch = z.infer<typeof projectAuthConfigPatch>

export const projectUser = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  invited_at: z.string().nullable(),
  /** Until when the user may not sign in; null when not banned. */
  banned_until: z.string().nullable(),
  is_anonymous: z.boolean(),
  /** The sign-in methods of the user's identities (email, phone). */
  providers: z.array(z.string()),
})
export type ProjectUser = z.infer<typeof projectUser>

export const projectUsersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PROJECT_USERS_PAGE_LIMIT).default(50),
  /** Part of an email, a phone or an id. */
  keywords: z.string().trim().max(200).optional(),
})

export const projectUsersPage = z.object({
  users: z.array(projectUser),
  total: z.number().int(),
})
export type ProjectUsersPage = z.infer<typeof projectUsersPage>

const email = z.string().trim().toLowerCase().max(320).email('Enter a valid email address')

export const createProjectUserBody = z
  .object({
    email,
    /** Without one the user signs in by a link or sets a password through recovery. */
    password: z.string().min(1).max(72).optional(),
    /** Confirmed at once (the default), or sent a confirmation mail. */
    email_confirm: z.boolean().default(true),
  })
  .strict()

/** Ban for a duration such as `24h`, `1h30m`, `876000h`, or lift a ban with `none`. */
export const BAN_DURATION = /^(none|(\d{1,7}h)?(\d{1,4}m)?(\d{1,4}s)?)$/
export const updateProjectUserBody = z
  .object({
    ban_duration: z.string().regex(BAN_DURATION, 'A ban is a duration such as 24h or 30m, or none').refine((v) => v !== '', 'A ban needs a duration'),
  })
  .strict()

export const projectUserParams = projectParams.extend({ id: z.string().uuid('No such user') })

export const projectAuthEmailBody = z.object({ email }).strict()
