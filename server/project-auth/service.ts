/**
 * A project's own auth service, at {site}/p/{ref}/auth/v1: the GoTrue endpoints that
 * @supabase/supabase-js calls for email and phone sign-up, password sign-in, refresh, the user,
 * sign-out, magic links, recovery and verification, and the admin API (service_role key). Bodies
 * are checked with the platform auth service's own schemas (lib/api-types/auth.ts); errors carry
 * GoTrue's `error_code` and `msg`. Users live in the project's database (schema-sql.ts).
 */
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import * as a from '@/lib/api-types/auth'
import { authError } from '../auth/gotrue-errors'
import { isPlatformError } from '../kernel/errors'
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../auth/passwords'
import { hit } from '../security/rate-limit'
import { limitSignIn, rememberProjectSignInAddress } from '../auth/sign-in-limits'
import type { ProjectAuthContext } from './context'
import type { AuthDb } from './database'
import { allowedRedirect, consumeLink, createLink, sendLink, type LinkType } from './links'
import { endSessions, issueSession, refreshSession, sessionExists } from './sessions'
import { verifyProjectAccessToken } from './tokens'
import { banUntil, findUserByEmail, findUserById, findUserByPhone, insertUser, listUsers, toGoTrueUser, type UserRow } from './users'

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> }
export type Request = { query: Record<string, string>; body: unknown; params: Record<string, string> }
type Endpoint = (ctx: ProjectAuthContext, request: Request) => Promise<Answer>

const ok = (body: unknown, status = 200): Answer => ({ status, body })

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  throw authError(400, 'validation_failed', result.error.issues.map((i) => i.message).join('; '))
}

const normalEmail = (email: string) => email.trim().toLowerCase()

function checkPassword(ctx: ProjectAuthContext, password: string) {
  if (password.length < ctx.config.password_min_length)
    throw authError(422, 'weak_password', `Password should be at least ${ctx.config.password_min_length} characters.`, { weak_password: { reasons: ['length'] } })
  if (password.length > a.MAX_PASSWORD_LENGTH) throw authError(422, 'weak_password', a.PASSWORD_TOO_LONG_MESSAGE)
}

function checkEmail(email: string) {
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
}

const limits = (ctx: ProjectAuthContext) => ctx.platform.config.rateLimits
const bucket = (ctx: ProjectAuthContext, name: string) => `project-auth:${ctx.project.ref}:${name}`

/** The caller's user and session from `Authorization: Bearer <access token>` of this project. */
async function caller(ctx: ProjectAuthContext): Promise<{ user: UserRow; sessionId: string }> {
  const header = ctx.req.headers.authorization
  const token = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : ''
  if (!token) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token')
  const claims = await verifyProjectAccessToken(ctx.secret, ctx.project.ref, token)
  if (!claims) throw authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or not of this project')
  if (!(await sessionExists(ctx.db, claims.session_id))) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  const user = await findUserById(ctx.db, claims.sub)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return { user, sessionId: claims.session_id }
}

/** The admin API: the request's bearer is this project's service_role key. */
function requireServiceRole(ctx: ProjectAuthContext) {
  const header = ctx.req.headers.authorization
  const bearer = typeof header === 'string' && /^bearer /i.test(header) ? header.slice(7).trim() : ''
  if (ctx.keyRole !== 'service_role' || (bearer && bearer !== ctx.apiKey)) throw authError(403, 'not_admin', 'User not allowed')
}

async function afterCommit(ctx: ProjectAuthContext, message: Awaited<ReturnType<typeof createLink>> | null) {
  if (message) await sendLink(ctx, message)
}

/**
 * A sign-up of a taken address, as GoTrue answers it: shaped as a new pending user, with no
 * identities, and nothing of the account (its id, metadata, sign-ins) told to whoever asks.
 */
function takenAddressAnswer(email: string | null, phone: string | null, data: Record<string, unknown> | undefined) {
  const now = new Date().toISOString()
  const provider = email ? 'email' : 'phone'
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email: email ?? '',
    phone: phone ?? '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: data ?? {},
    identities: [],
    factors: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}

const signup: Endpoint = async (ctx, { query, body }) => {
  const input = parse(a.signupBody, body)
  const { redirect_to } = parse(a.signupQuery, query)
  if (!input.email && !input.phone) throw authError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  if (ctx.config.disable_signup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
  if (!input.password) throw authError(400, 'validation_failed', 'Signup requires a valid password')
  if (input.email && !ctx.config.external_email_enabled) throw authError(422, 'email_provider_disabled', 'Email signups are disabled')
  if (!input.email && input.phone && !ctx.config.external_phone_enabled) throw authError(422, 'phone_provider_disabled', 'Phone signups are disabled')
  await hit(ctx.platform, bucket(ctx, 'sign-up:ip'), ctx.ip, limits(ctx).signUpPerIp)
  checkPassword(ctx, input.password)
  const email = input.email ? normalEmail(input.email) : null
  if (email) checkEmail(email)
  const phone = email ? null : input.phone!.replace(/[\s()-]/g, '')
  const autoconfirm = email ? ctx.config.mailer_autoconfirm : ctx.config.sms_autoconfirm
  const encrypted = await hashPassword(input.password)
  const redirect = allowedRedirect(ctx, redirect_to)

  const { answer, message } = await ctx.db.transaction(async (tx) => {
    const existing = email ? await findUserByEmail(tx, email) : await findUserByPhone(tx, phone!)
    // An invited account is the project's to hand out: a sign-up that set its password would be
    // let in once the invitee accepts. It is answered as a confirmed one.
    if (existing && (existing.email_confirmed_at || existing.phone_confirmed_at || existing.invited_at)) {
      // As GoTrue does when confirmations are on: a confirmed address is not revealed.
      if (autoconfirm) throw authError(422, 'user_already_exists', 'User already registered')
      return { answer: takenAddressAnswer(email, phone, input.data), message: null }
    }
    // Confirmed at once, taking a pending account over would be a session as that account (its id,
    // what the project gave it) with nothing proved: the address is taken.
    if (existing && autoconfirm) throw authError(422, 'user_already_exists', 'User already registered')
    let user: UserRow
    if (existing) {
      // Nobody confirmed it yet: this sign-up takes the pending account over (its link is the only
      // valid one), unless an invitation or a confirmation committed since it was read.
      const [row] = await tx.query<UserRow>(
        `update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now()
         where id = $1 and invited_at is null and email_confirmed_at is null and phone_confirmed_at is null returning *`,
        [existing.id, encrypted, JSON.stringify(input.data ?? {})]
      )
      if (!row) return { answer: takenAddressAnswer(email, phone, input.data), message: null }
      await tx.query(`delete from auth.sessions where user_id = $1`, [existing.id])
      user = row
    } else user = await insertUser(tx, { email, phone, encryptedPassword: encrypted, confirmed: autoconfirm, userMetadata: input.data })
    if (autoconfirm) return { answer: await issueSession(ctx, tx, user, 'password'), message: null }
    if (!email) throw authError(422, 'sms_send_failed', 'Phone sign-ups need SMS autoconfirm here: there is no SMS provider')
    const link = await createLink(ctx, tx, user, 'signup', email, redirect)
    const sent = (await findUserById(tx, user.id))!
    return { answer: await toGoTrueUser(tx, sent), message: link }
  })
  await afterCommit(ctx, message)
  return ok(answer)
}

const token: Endpoint = async (ctx, { query, body }) => {
  const { grant_type } = parse(a.tokenQuery, query)
  const input = parse(a.tokenBody, body)
  if (grant_type === 'refresh_token') {
    if (!input.refresh_token) throw authError(400, 'validation_failed', 'refresh_token required')
    await hit(ctx.platform, bucket(ctx, 'refresh:ip'), ctx.ip, limits(ctx).tokenRefreshPerIp)
    return ok(await refreshSession(ctx, input.refresh_token))
  }
  if (grant_type !== 'password') throw authError(400, 'unsupported_grant_type', `grant_type ${grant_type} is not offered by this project's auth service`)
  if ((!input.email && !input.phone) || !input.password) throw authError(400, 'validation_failed', 'An email or phone, and a password, are required')
  // A provider turned off signs nobody in, as GoTrue refuses it.
  if (input.email && !ctx.config.external_email_enabled) throw authError(422, 'email_provider_disabled', 'Email logins are disabled')
  if (!input.email && !ctx.config.external_phone_enabled) throw authError(422, 'phone_provider_disabled', 'Phone logins are disabled')
  const address = input.email ? normalEmail(input.email) : input.phone!.replace(/[\s()-]/g, '')
  const user = input.email ? await findUserByEmail(ctx.db, address) : await findUserByPhone(ctx.db, address)
  // The platform's limits, counted for this project: guesses from elsewhere never lock a user out
  // from an address they signed in from before.
  await limitSignIn(ctx.platform, ctx.ip, address, user?.id, ctx.project.ref)
  // An unknown address costs the same time as a wrong password: timing tells nothing.
  const valid = user?.encrypted_password ? await verifyPassword(user.encrypted_password, input.password) : await verifyAgainstNothing(input.password)
  if (!user || !valid) throw authError(400, 'invalid_credentials', 'Invalid login credentials')
  if (input.email && !user.email_confirmed_at) throw authError(400, 'email_not_confirmed', 'Email not confirmed')
  if (!input.email && !user.phone_confirmed_at) throw authError(400, 'phone_not_confirmed', 'Phone not confirmed')
  const session = await ctx.db.transaction((tx) => issueSession(ctx, tx, user, 'password'))
  await rememberProjectSignInAddress(ctx.platform, ctx.project.ref, user.id, ctx.ip)
  return ok(session)
}

const getUser: Endpoint = async (ctx) => {
  const { user } = await caller(ctx)
  return ok(await toGoTrueUser(ctx.db, user))
}

const updateUser: Endpoint = async (ctx, { query, body }) => {
  const { user } = await caller(ctx)
  const input = parse(a.updateUserBody, body)
  const { redirect_to } = parse(a.updateUserQuery, query)
  if (input.password !== undefined) checkPassword(ctx, input.password)
  const encrypted = input.password !== undefined ? await hashPassword(input.password) : null
  const newEmail = input.email !== undefined ? normalEmail(input.email) : null
  if (newEmail) checkEmail(newEmail)
  const { answer, message } = await ctx.db.transaction(async (tx) => {
    if (encrypted) await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [user.id, encrypted])
    if (input.data) {
      // Each update merges: bounded as a whole, or a user could grow it without end (and their
      // tokens, which carry it, past what a request header holds).
      const merged = await tx.query(
        `update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1 and octet_length((raw_user_meta_data || $2::jsonb)::text) <= $3 returning id`,
        [user.id, JSON.stringify(input.data), a.MAX_USER_METADATA_BYTES]
      )
      if (!merged.length) throw authError(400, 'validation_failed', `User metadata (data) must be at most ${a.MAX_USER_METADATA_BYTES / 1024} KB of JSON`)
    }
    let link = null
    if (newEmail && newEmail !== user.email) {
      const taken = await findUserByEmail(tx, newEmail)
      if (taken) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      if (ctx.config.mailer_autoconfirm) await changeEmail(tx, user.id, newEmail)
      else {
        await tx.query(`update auth.users set email_change = $2, updated_at = now() where id = $1`, [user.id, newEmail])
        link = await createLink(ctx, tx, user, 'email_change', newEmail, allowedRedirect(ctx, redirect_to))
      }
    }
    return { answer: await toGoTrueUser(tx, (await findUserById(tx, user.id))!), message: link }
  })
  await afterCommit(ctx, message)
  return ok(answer)
}

async function changeEmail(tx: AuthDb, userId: string, email: string) {
  await tx.query(`update auth.users set email = $2, email_change = null, email_confirmed_at = now(), updated_at = now() where id = $1`, [userId, email])
  await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`, [userId, email])
}

const logout: Endpoint = async (ctx, { query }) => {
  const { scope } = parse(a.logoutQuery, query)
  const { user, sessionId } = await caller(ctx)
  await endSessions(ctx.db, user.id, sessionId, scope)
  return { status: 204 }
}

const settings: Endpoint = async (ctx) =>
  ok({
    external: { email: ctx.config.external_email_enabled, phone: ctx.config.external_phone_enabled, anonymous_users: false },
    disable_signup: ctx.config.disable_signup,
    mailer_autoconfirm: ctx.config.mailer_autoconfirm,
    phone_autoconfirm: ctx.config.sms_autoconfirm,
    sms_provider: '',
    saml_enabled: false,
  })

const health: Endpoint = async () => ok({ version: '2', name: 'GoTrue', description: "The project's auth service" })

/** A magic link (or code) by mail; a new address becomes a user when sign-ups are allowed. */
const otp: Endpoint = async (ctx, { query, body }) => {
  const input = parse(a.otpBody, body)
  const { redirect_to } = parse(a.otpQuery, query)
  if (!input.email) throw authError(422, 'sms_send_failed', 'Codes by SMS need an SMS provider; this project has none')
  if (!ctx.config.external_email_enabled) throw authError(422, 'email_provider_disabled', 'Email logins are disabled')
  const email = normalEmail(input.email)
  checkEmail(email)
  await hit(ctx.platform, bucket(ctx, 'otp:ip'), ctx.ip, limits(ctx).otpPerIp)
  await hit(ctx.platform, bucket(ctx, 'otp:account'), email, limits(ctx).otpPerAccount)
  const redirect = allowedRedirect(ctx, redirect_to)
  const message = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email)
    let type: LinkType = 'magiclink'
    if (!user) {
      if (!input.create_user || ctx.config.disable_signup) throw authError(422, 'otp_disabled', 'Signups not allowed for otp')
      user = await insertUser(tx, { email, userMetadata: input.data })
      type = 'signup'
    } else if (!user.email_confirmed_at) type = 'signup'
    return createLink(ctx, tx, user, type, email, redirect)
  })
  await afterCommit(ctx, message)
  return ok({})
}

const recover: Endpoint = async (ctx, { query, body }) => {
  const input = parse(a.recoverBody, body)
  const { redirect_to } = parse(a.recoverQuery, query)
  if (!input.email) throw authError(400, 'validation_failed', 'Password recovery requires an email')
  const email = normalEmail(input.email)
  await hit(ctx.platform, bucket(ctx, 'otp:ip'), ctx.ip, limits(ctx).otpPerIp)
  await hit(ctx.platform, bucket(ctx, 'otp:account'), email, limits(ctx).otpPerAccount)
  const message = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email)
    // Unknown addresses get the same answer: whether an account exists is not told.
    return user ? createLink(ctx, tx, user, 'recovery', email, allowedRedirect(ctx, redirect_to)) : null
  })
  await afterCommit(ctx, message)
  return ok({})
}

const resend: Endpoint = async (ctx, { query, body }) => {
  const input = parse(a.resendBody, body)
  const { redirect_to } = parse(a.resendQuery, query)
  if (!input.email || (input.type !== 'signup' && input.type !== 'email_change')) throw authError(422, 'sms_send_failed', 'Only mail can be sent again here')
  const email = normalEmail(input.email)
  await hit(ctx.platform, bucket(ctx, 'otp:ip'), ctx.ip, limits(ctx).otpPerIp)
  await hit(ctx.platform, bucket(ctx, 'otp:account'), email, limits(ctx).otpPerAccount)
  const message = await ctx.db.transaction(async (tx) => {
    const user = input.type === 'signup' ? await findUserByEmail(tx, email) : ((await tx.query<UserRow>(`select * from auth.users where lower(email_change) = $1`, [email]))[0] ?? null)
    if (!user || (input.type === 'signup' && user.email_confirmed_at)) return null
    return createLink(ctx, tx, user, input.type as LinkType, email, allowedRedirect(ctx, redirect_to))
  })
  await afterCommit(ctx, message)
  return ok({})
}

/** Applies a used link or code: confirms the address, or moves the email, then signs the user in. */
async function completeVerification(ctx: ProjectAuthContext, type: string, proof: { token: string } | { address: string; code: string }) {
  return ctx.db.transaction(async (tx) => {
    const used = await consumeLink(tx, type, proof)
    if (!used) throw authError(403, 'otp_expired', 'Token has expired or is invalid')
    const user = await findUserById(tx, used.userId)
    if (!user) throw authError(403, 'otp_expired', 'Token has expired or is invalid')
    if (used.type === 'email_change') {
      if (!user.email_change || user.email_change !== used.relatesTo) throw authError(403, 'otp_expired', 'Token has expired or is invalid')
      const taken = await findUserByEmail(tx, used.relatesTo)
      if (taken && taken.id !== user.id) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      await changeEmail(tx, user.id, used.relatesTo)
    } else await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [user.id])
    const method = used.type === 'recovery' ? 'recovery' : used.type === 'invite' ? 'invite' : used.type === 'magiclink' ? 'magiclink' : 'otp'
    return { session: await issueSession(ctx, tx, (await findUserById(tx, user.id))!, method), type: used.type }
  })
}

const verifyPost: Endpoint = async (ctx, { body }) => {
  const input = parse(a.verifyBody, body)
  await hit(ctx.platform, bucket(ctx, 'verify:ip'), ctx.ip, limits(ctx).verifyPerIp)
  let proof: { token: string } | { address: string; code: string }
  if (input.token_hash) proof = { token: input.token_hash }
  else if (input.email && input.token) {
    await hit(ctx.platform, bucket(ctx, 'verify:account'), normalEmail(input.email), limits(ctx).signInPerAccount)
    proof = { address: normalEmail(input.email), code: input.token }
  } else throw authError(400, 'validation_failed', 'Verify requires a token_hash, or an email and a token')
  return ok((await completeVerification(ctx, input.type, proof)).session)
}

/** `redirect` with `params` as its fragment, in place of one it had (a second `#` is not read by apps). */
function withFragment(redirect: string, params: Record<string, string>): string {
  const hash = redirect.indexOf('#')
  return `${hash === -1 ? redirect : redirect.slice(0, hash)}#${new URLSearchParams(params)}`
}

/**
 * The link in a mail, followed in a browser: on to redirect_to with the session in the fragment,
 * or with the reason it was refused (expired or used, a banned user, too many tries …), never a
 * JSON page. Only a failure of the service itself answers as an error.
 */
const verifyGet: Endpoint = async (ctx, { query }) => {
  const input = parse(a.verifyLinkQuery, query)
  const redirect = allowedRedirect(ctx, input.redirect_to)
  try {
    await hit(ctx.platform, bucket(ctx, 'verify:ip'), ctx.ip, limits(ctx).verifyPerIp)
    const { session, type } = await completeVerification(ctx, input.type, { token: input.token })
    const location = withFragment(redirect, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type,
    })
    return { status: 303, headers: { Location: location } }
  } catch (error) {
    if (!isPlatformError(error) || error.status >= 500) throw error
    const expired = error.status === 403
    const code = expired ? 'otp_expired' : typeof error.extra.error_code === 'string' ? error.extra.error_code : 'validation_failed'
    const description = expired ? 'Email link is invalid or has expired' : error.message
    return { status: 303, headers: { Location: withFragment(redirect, { error: 'access_denied', error_code: code, error_description: description }) } }
  }
}

// The admin API.

const adminListUsers: Endpoint = async (ctx, { query }) => {
  requireServiceRole(ctx)
  const { page, per_page } = parse(a.adminListUsersQuery, query)
  const { users, total } = await listUsers(ctx.db, { page, perPage: per_page })
  return { status: 200, body: { users: await Promise.all(users.map((u) => toGoTrueUser(ctx.db, u))), aud: 'authenticated' }, headers: { 'X-Total-Count': String(total) } }
}

async function adminUser(ctx: ProjectAuthContext, params: Record<string, string>) {
  const id = params.userId
  // A UUID's own shape: 36 dashes would reach the database's uuid cast and fail there.
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw authError(404, 'user_not_found', 'User not found')
  const user = await findUserById(ctx.db, id)
  if (!user) throw authError(404, 'user_not_found', 'User not found')
  return user
}

const adminGetUser: Endpoint = async (ctx, { params }) => {
  requireServiceRole(ctx)
  return ok(await toGoTrueUser(ctx.db, await adminUser(ctx, params)))
}

const adminCreateUser: Endpoint = async (ctx, { body }) => {
  requireServiceRole(ctx)
  const input = parse(a.adminCreateUserBody, body)
  if (!input.email && !input.phone) throw authError(400, 'validation_failed', 'An email or a phone is required')
  if (input.password !== undefined) checkPassword(ctx, input.password)
  const email = input.email ? normalEmail(input.email) : null
  if (email) checkEmail(email)
  const encrypted = input.password !== undefined ? await hashPassword(input.password) : null
  const user = await ctx.db.transaction(async (tx) => {
    const existing = email ? await findUserByEmail(tx, email) : await findUserByPhone(tx, input.phone!)
    if (existing) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
    const made = await insertUser(tx, {
      email,
      phone: email ? null : input.phone,
      encryptedPassword: encrypted,
      confirmed: email ? !!input.email_confirm : !!input.phone_confirm,
      userMetadata: input.user_metadata,
      appMetadata: input.app_metadata,
    })
    if (input.ban_duration) await ban(tx, made.id, input.ban_duration)
    return toGoTrueUser(tx, (await findUserById(tx, made.id))!)
  })
  return ok(user)
}

async function ban(tx: AuthDb, userId: string, duration: string) {
  let until: Date | null
  try {
    until = banUntil(duration)
  } catch {
    throw authError(400, 'validation_failed', 'ban_duration must be a duration such as 24h, or none')
  }
  await tx.query(`update auth.users set banned_until = $2, updated_at = now() where id = $1`, [userId, until])
  // A banned user's sessions end now, not when their access token expires.
  if (until) await tx.query(`delete from auth.sessions where user_id = $1`, [userId])
}

const adminUpdateUser: Endpoint = async (ctx, { params, body }) => {
  requireServiceRole(ctx)
  const input = parse(a.adminUpdateUserBody, body)
  const found = await adminUser(ctx, params)
  if (input.password !== undefined) checkPassword(ctx, input.password)
  const encrypted = input.password !== undefined ? await hashPassword(input.password) : null
  const user = await ctx.db.transaction(async (tx) => {
    if (input.email !== undefined) {
      const email = normalEmail(input.email)
      checkEmail(email)
      const taken = await findUserByEmail(tx, email)
      if (taken && taken.id !== found.id) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
      await changeEmail(tx, found.id, email)
    }
    if (encrypted) await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [found.id, encrypted])
    if (input.email_confirm) await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`, [found.id])
    if (input.user_metadata) await tx.query(`update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb where id = $1`, [found.id, JSON.stringify(input.user_metadata)])
    if (input.app_metadata) await tx.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || $2::jsonb where id = $1`, [found.id, JSON.stringify(input.app_metadata)])
    if (input.ban_duration) await ban(tx, found.id, input.ban_duration)
    return toGoTrueUser(tx, (await findUserById(tx, found.id))!)
  })
  return ok(user)
}

const adminDeleteUser: Endpoint = async (ctx, { params }) => {
  requireServiceRole(ctx)
  const user = await adminUser(ctx, params)
  await ctx.db.query(`delete from auth.users where id = $1`, [user.id])
  return ok({})
}

const invite: Endpoint = async (ctx, { query, body }) => {
  requireServiceRole(ctx)
  const input = parse(a.inviteBody, body)
  const { redirect_to } = parse(a.redirectToQuery, query)
  const { user, message } = await inviteUser(ctx, normalEmail(input.email), input.data, redirect_to)
  await afterCommit(ctx, message)
  return ok(user)
}

/** A user made by invitation (or one not yet confirmed, invited again) and the invitation mail to send. */
export async function inviteUser(ctx: ProjectAuthContext, email: string, data: Record<string, unknown> | undefined, redirectTo: string | undefined) {
  checkEmail(email)
  return ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email)
    if (user?.email_confirmed_at) throw authError(422, 'email_exists', 'A user with this email address has already been registered')
    if (!user) user = await insertUser(tx, { email, invited: true, userMetadata: data })
    else {
      // Nobody proved this address yet: a password whoever signed it up chose must not hold once the invitee accepts.
      await tx.query(`update auth.users set invited_at = now(), encrypted_password = null, updated_at = now() where id = $1`, [user.id])
      await tx.query(`delete from auth.sessions where user_id = $1`, [user.id])
    }
    const message = await createLink(ctx, tx, user, 'invite', email, allowedRedirect(ctx, redirectTo))
    return { user: await toGoTrueUser(tx, (await findUserById(tx, user.id))!), message }
  })
}

export { afterCommit, ban, recover }

/** Method and path (below /auth/v1) to endpoint. */
export const ENDPOINTS: { method: string; path: RegExp; endpoint: Endpoint }[] = [
  { method: 'POST', path: /^\/signup$/, endpoint: signup },
  { method: 'POST', path: /^\/token$/, endpoint: token },
  { method: 'GET', path: /^\/user$/, endpoint: getUser },
  { method: 'PUT', path: /^\/user$/, endpoint: updateUser },
  { method: 'POST', path: /^\/logout$/, endpoint: logout },
  { method: 'GET', path: /^\/settings$/, endpoint: settings },
  { method: 'GET', path: /^\/health$/, endpoint: health },
  { method: 'POST', path: /^\/otp$/, endpoint: otp },
  { method: 'POST', path: /^\/magiclink$/, endpoint: otp },
  { method: 'POST', path: /^\/recover$/, endpoint: recover },
  { method: 'POST', path: /^\/resend$/, endpoint: resend },
  { method: 'POST', path: /^\/verify$/, endpoint: verifyPost },
  { method: 'GET', path: /^\/verify$/, endpoint: verifyGet },
  { method: 'GET', path: /^\/admin\/users$/, endpoint: adminListUsers },
  { method: 'POST', path: /^\/admin\/users$/, endpoint: adminCreateUser },
  { method: 'GET', path: /^\/admin\/users\/(?<userId>[^/]+)$/, endpoint: adminGetUser },
  { method: 'PUT', path: /^\/admin\/users\/(?<userId>[^/]+)$/, endpoint: adminUpdateUser },
  { method: 'DELETE', path: /^\/admin\/users\/(?<userId>[^/]+)$/, endpoint: adminDeleteUser },
  { method: 'POST', path: /^\/invite$/, endpoint: invite },
]
