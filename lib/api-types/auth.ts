/**
 * The GoTrue-compatible auth service's contracts (what @supabase/auth-js sends and reads), and the
 * password rules the sign-up form and the service share (SPEC §5).
 */
import { z } from 'zod'
import { MAX_EMAIL_LENGTH } from './organizations'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE } from './password-limits'

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE }
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

// auth-js sends null for what it does not use (no PKCE, no captcha): null counts as absent.
const codeChallenge = z.string().max(128, 'code_challenge is too long').nullish().transform((v) => v ?? undefined)
const codeChallengeMethod = z
  .enum(['s256', 'plain', 'S256'], { error: 'code_challenge_method must be s256 or plain' })
  .nullish()
  .transform((v) => v ?? undefined)
const security = z.looseObject({ captcha_token: z.string().max(4096).nullish() })
export const redirectToQuery = z.object({ redirect_to: z.string().max(2048, 'redirect_to is too long').optional() })

export const signupBody = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: password.optional(),
  data: userMetadata.optional(),
  channel: z.enum(['sms', 'whatsapp']).nullish(),
  code_challenge: codeChallenge,
  code_challenge_method: codeChallengeMethod,
  gotrue_meta_security: security.nullish(),
})
export const signupQuery = redirectToQuery

export const TOKEN_GRANTS = ['password', 'refresh_token', 'pkce', 'id_token', 'web3'] as const
export const tokenQuery = z.object({
  grant_type: z.enum(TOKEN_GRANTS, { error: 'grant_type must be password, refresh_token or pkce' }),
})

export const tokenBody = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: password.optional(),
  refresh_token: z.string().max(256, 'refresh_token is not valid').optional(),
  auth_code: z.string().max(256, 'auth_code is not valid').optional(),
  code_verifier: z.string().max(256, 'code_verifier is not valid').optional(),
  gotrue_meta_security: security.nullish(),
})

export const logoutQuery = z.object({
  scope: z.enum(['global', 'local', 'others'], { error: 'scope must be one of global, local, others' }).default('global'),
})

export const otpBody = z.object({
  email: email.optional(),
  phone: phone.optional(),
  create_user: z.boolean().default(true),
  data: userMetadata.optional(),
  channel: z.enum(['sms', 'whatsapp']).nullish(),
  code_challenge: codeChallenge,
  code_challenge_method: codeChallengeMethod,
  gotrue_meta_security: security.nullish(),
})
export const otpQuery = redirectToQuery

export const VERIFY_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email', 'sms', 'phone_change'] as const
export type VerifyType = (typeof VERIFY_TYPES)[number]
const verifyType = z.enum(VERIFY_TYPES, { error: `type must be one of ${VERIFY_TYPES.join(', ')}` })

export const verifyBody = z.object({
  type: verifyType,
  email: email.optional(),
  phone: phone.optional(),
  token: z.string().max(256).optional(),
  token_hash: z.string().max(256).optional(),
  redirect_to: z.string().max(2048).optional(),
  gotrue_meta_security: security.nullish(),
})
export const verifyLinkQuery = z.object({
  type: verifyType,
  token: z.string().min(1, 'token is required').max(256),
  redirect_to: z.string().max(2048).optional(),
})

export const recoverBody = z.object({
  email: email.optional(),
  code_challenge: codeChallenge,
  code_challenge_method: codeChallengeMethod,
  gotrue_meta_security: security.nullish(),
})
export const recoverQuery = redirectToQuery

export const resendBody = z.object({
  type: z.enum(['signup', 'email_change', 'sms', 'phone_change'], { error: 'type must be one of signup, email_change, sms, phone_change' }),
  email: email.optional(),
  phone: phone.optional(),
  gotrue_meta_security: security.nullish(),
})
export const resendQuery = redirectToQuery

export const updateUserBody = z.object({
  email: email.optional(),
  phone: phone.optional(),
  password: password.optional(),
  nonce: z.string().max(64).optional(),
  data: userMetadata.optional(),
  code_challenge: codeChallenge,
  code_challenge_method: codeChallengeMethod,
})
export const updateUserQuery = redirectToQuery

export const enrollFactorBody = z.object({
  factor_type: z.enum(['totp', 'phone', 'webauthn'], { error: 'factor_type must be totp or phone' }),
  friendly_name: z.string().max(128, 'friendly_name is too long').optional(),
  issuer: z.string().max(128, 'issuer is too long').optional(),
  phone: phone.optional(),
})
export const factorParams = z.object({ factorId: z.string().max(64) })
export const challengeBody = z.object({ channel: z.enum(['sms', 'whatsapp']).optional() }).optional()
export const verifyFactorBody = z.object({
  challenge_id: z.string().min(1, 'challenge_id is required').max(64),
  code: z.string().min(1, 'code is required').max(16),
})

export const identityParams = z.object({ identityId: z.string().max(64) })

// Sign-in and linking through OAuth 2 providers. Query values are text; other parameters (prompt,
// login …) are passed on to the provider, each bounded.
const passOn = z.string().max(2048, 'Query parameters must be at most 2048 characters')
export const authorizeQuery = z
  .object({
    provider: z.string().max(64, 'provider is too long').optional(),
    redirect_to: z.string().max(2048, 'redirect_to is too long').optional(),
    scopes: z.string().max(1024, 'scopes is too long').optional(),
    code_challenge: z.string().max(256, 'code_challenge is too long').optional(),
    code_challenge_method: z.string().max(16, 'code_challenge_method must be s256 or plain').optional(),
    skip_http_redirect: z.string().max(8).optional(),
  })
  .catchall(passOn)
/** `skip_http_redirect=true`: the provider's URL as JSON (what auth-js's linkIdentity reads), else a redirect. */
export const linkIdentityAnswer = z.object({ url: z.string() }).optional()
/** What a provider sends back to /callback, in the query (GET) or a form (POST). */
export const oauthCallbackParams = z
  .object({
    state: z.string().max(256, 'state is not valid').optional(),
    code: z.string().max(2048, 'code is not valid').optional(),
    error: z.string().max(256, 'error is too long').optional(),
    error_description: z.string().max(2048, 'error_description is too long').optional(),
  })
  .catchall(z.string().max(4096, 'Parameters must be at most 4096 characters'))

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
  is_anonymous: z.boolean(),
})

export const authSession = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  refresh_token: z.string(),
  user: authUser,
})

/** Sign-up answers a session, or the user alone while the address waits for confirmation. */
export const signupAnswer = z.union([authSession, authUser])

export const authSettings = z.looseObject({
  external: z.record(z.string(), z.boolean()),
  disable_signup: z.boolean(),
  mailer_autoconfirm: z.boolean(),
  phone_autoconfirm: z.boolean(),
  sms_provider: z.string(),
  saml_enabled: z.boolean(),
})

export const authHealth = z.object({ version: z.string(), name: z.string(), description: z.string() })

export const jwks = z.object({ keys: z.array(z.record(z.string(), z.unknown())) })

export const emptyAnswer = z.looseObject({})

export const factorAnswer = z.looseObject({ id: z.string(), type: z.string() })
export const challengeAnswer = z.looseObject({ id: z.string(), type: z.string(), expires_at: z.number() })

export const rotateKeyAnswer = z.object({ kid: z.string() })

// The admin API (service role only).
const userIdParams = z.object({ userId: z.string().max(64) })
export const adminUserParams = userIdParams
export const adminFactorParams = userIdParams.extend({ factorId: z.string().max(64) })
/** auth-js's listUsers() sends `page=&per_page=` when not told: empty means the default, as GoTrue reads it. */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value)
export const adminListUsersQuery = z.object({
  page: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1, 'page must be 1 or more').default(1)),
  per_page: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1000, 'per_page must be at most 1000').default(50)),
})
const adminUserFields = {
  email: email.optional(),
  phone: phone.optional(),
  password: password.optional(),
  email_confirm: z.boolean().optional(),
  phone_confirm: z.boolean().optional(),
  user_metadata: userMetadata.optional(),
  app_metadata: userMetadata.optional(),
  ban_duration: z.string().max(32).optional(),
  role: z.string().max(64).optional(),
}
export const adminCreateUserBody = z.object(adminUserFields)
export const adminUpdateUserBody = z.object(adminUserFields)
export const adminDeleteUserBody = z.object({ should_soft_delete: z.boolean().optional() }).optional()
export const GENERATE_LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const
export const generateLinkBody = z.object({
  type: z.enum(GENERATE_LINK_TYPES, { error: `type must be one of ${GENERATE_LINK_TYPES.join(', ')}` }),
  email: email,
  password: password.optional(),
  new_email: email.optional(),
  data: userMetadata.optional(),
  redirect_to: z.string().max(2048).optional(),
})
export const inviteBody = z.object({ email: email, data: userMetadata.optional() })
export const adminUsersAnswer = z.object({ users: z.array(authUser), aud: z.string() })
export const generateLinkAnswer = authUser.extend({
  action_link: z.string(),
  email_otp: z.string(),
  hashed_token: z.string(),
  redirect_to: z.string(),
  verification_type: z.string(),
})
export const factorList = z.array(z.looseObject({ id: z.string(), factor_type: z.string(), status: z.string() }))
export const idAnswer = z.object({ id: z.string() })

/** Path names of the features the built-in auth does not offer: only their length is checked. */
export const disabledFeatureParams = z.object({ clientId: z.string().max(256) })
export const customProviderParams = z.object({ identifier: z.string().max(256) })
