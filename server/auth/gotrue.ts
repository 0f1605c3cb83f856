/**
 * The GoTrue-compatible subset served at /auth/v1: what @supabase/auth-js needs to sign up, sign
 * in with a password, refresh, read the user and sign out. With no mail server, a sign-up is
 * confirmed at once and answers a session.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { RouteContext } from '../http/types'
import { reply } from '../http/types'
import { authError } from './gotrue-errors'
import { hashPassword, verifyPassword } from './passwords'
import { issueSession, refreshSession, endSessions } from './sessions'
import { findUserByEmail, findUserById, toGoTrueUser, type UserRow } from './users'
import { bearerToken } from './current-user'
import { verifyAccessToken } from './jwt'

export const MIN_PASSWORD_LENGTH = 6
export const MAX_PASSWORD_LENGTH = 99

const credentials = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
})

function readCredentials(body: unknown) {
  const parsed = credentials.safeParse(body ?? {})
  if (!parsed.success) throw authError(400, 'validation_failed', 'The request body is not valid JSON credentials')
  const { email, phone, password, data } = parsed.data
  if (phone && !email) throw authError(422, 'phone_provider_disabled', 'Phone sign-in is not enabled on this platform. Use an email address.')
  if (!email || !password) throw authError(400, 'validation_failed', 'You must provide either an email or phone number and a password')
  const normalized = email.trim().toLowerCase()
  if (!z.email().safeParse(normalized).success) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return { email: normalized, password, data: data ?? {} }
}

export async function signup(ctx: RouteContext) {
  const { email, password, data } = readCredentials(ctx.body)
  if (password.length < MIN_PASSWORD_LENGTH)
    throw authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    })
  if (password.length > MAX_PASSWORD_LENGTH) throw authError(422, 'weak_password', 'Password should be less than 100 characters', { weak_password: { reasons: ['length'] } })
  const encrypted = await hashPassword(password)
  const { platform } = ctx
  const exists = () => authError(422, 'user_already_exists', 'User already registered')
  return platform.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw exists()
    const [user] = await tx.query<UserRow>(
      `insert into users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at, last_sign_in_at)
       values ($1, $2, $3, $4, now(), now()) returning *`,
      [randomUUID(), email, encrypted, JSON.stringify(data)]
    )
    return issueSession(platform, tx, user)
  }).catch((error) => {
    if (error?.code === '23505') throw exists() // a concurrent sign-up with the same email won
    throw error
  })
}

const refreshBody = z.object({ refresh_token: z.string().min(1) })

export async function token(ctx: RouteContext) {
  const grantType = ctx.url.searchParams.get('grant_type')
  if (grantType === 'password') {
    const { email, password } = readCredentials(ctx.body)
    const user = await findUserByEmail(ctx.platform.db, email)
    const ok = user ? await verifyPassword(user.encrypted_password, password) : false
    if (!user || !ok) throw authError(400, 'invalid_credentials', 'Invalid login credentials')
    return ctx.platform.db.transaction(async (tx) => {
      const [updated] = await tx.query<UserRow>('update users set last_sign_in_at = now() where id = $1 returning *', [user.id])
      return issueSession(ctx.platform, tx, updated)
    })
  }
  if (grantType === 'refresh_token') {
    const parsed = refreshBody.safeParse(ctx.body ?? {})
    if (!parsed.success) throw authError(400, 'validation_failed', 'refresh_token is required')
    return refreshSession(ctx.platform, parsed.data.refresh_token)
  }
  throw authError(400, 'validation_failed', `Unsupported grant_type: ${grantType ?? '(none)'}. Supported: password, refresh_token`)
}

async function claimsFrom(ctx: RouteContext) {
  const jwt = bearerToken(ctx.req)
  if (!jwt) throw authError(401, 'no_authorization', 'This endpoint requires a Bearer token')
  const claims = await verifyAccessToken(ctx.platform.jwtSecret, jwt)
  if (!claims) throw authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid')
  return claims
}

export async function getUser(ctx: RouteContext) {
  const claims = await claimsFrom(ctx)
  const [session] = await ctx.platform.db.query('select 1 from auth_sessions where id = $1', [claims.session_id])
  if (!session) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  const user = await findUserById(ctx.platform.db, claims.sub)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return toGoTrueUser(user)
}

const scopes = ['global', 'local', 'others'] as const

export async function logout(ctx: RouteContext) {
  const claims = await claimsFrom(ctx)
  const scope = (ctx.url.searchParams.get('scope') ?? 'global') as (typeof scopes)[number]
  if (!scopes.includes(scope)) throw authError(400, 'validation_failed', 'scope must be one of global, local, others')
  await endSessions(ctx.platform, claims.sub, claims.session_id, scope)
  return reply(204)
}

export function settings() {
  return Promise.resolve({
    external: { email: true, phone: false },
    disable_signup: false,
    mailer_autoconfirm: true,
    phone_autoconfirm: false,
  })
}
