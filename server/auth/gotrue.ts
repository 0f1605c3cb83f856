/**
 * The GoTrue-compatible subset served at /auth/v1: what @supabase/auth-js needs to sign up, sign
 * in with a password, refresh, read the user and sign out. With no mail server, a sign-up is
 * confirmed at once and answers a session. Shapes are checked by the router (lib/api-types/auth.ts);
 * here are the rules: which credentials a grant needs, password strength, rate limits.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE, type Routes } from '@/lib/api-types'
import type { Handler } from '../http/types'
import type { Platform } from '../platform'
import { authError } from './gotrue-errors'
import { hashPassword, verifyPassword, verifyAgainstNothing } from './passwords'
import { issueSession, refreshSession, endSessions } from './sessions'
import { findUserByEmail, findUserById, toGoTrueUser, type UserRow } from './users'
import { accountKey, hit } from '../security/rate-limit'

type Credentials = { email?: string; phone?: string; password?: string }

/** Sign-up and password sign-in need an email and a password (SPEC §5); phone is not offered. */
function requireCredentials({ email, phone, password }: Credentials) {
  if (phone && !email) throw authError(422, 'phone_provider_disabled', 'Phone sign-in is not enabled on this platform. Use an email address.')
  if (!email || !password) throw authError(400, 'validation_failed', 'You must provide either an email or phone number and a password')
  const normalized = email.trim().toLowerCase()
  if (!z.email().safeParse(normalized).success) throw authError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return { email: normalized, password }
}

async function limitSignIn(platform: Platform, ip: string, email: string) {
  const limits = platform.config.rateLimits
  await hit(platform, 'sign-in:ip', ip, limits.signInPerIp)
  await hit(platform, 'sign-in:account', accountKey(email), limits.signInPerAccount)
}

export const signup: Handler<Routes['authSignup']> = async ({ platform, body, ip }) => {
  const { email, password } = requireCredentials(body ?? {})
  await hit(platform, 'sign-up:ip', ip, platform.config.rateLimits.signUpPerIp)
  if (password.length < MIN_PASSWORD_LENGTH)
    throw authError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, { weak_password: { reasons: ['length'] } })
  if (password.length > MAX_PASSWORD_LENGTH) throw authError(422, 'weak_password', PASSWORD_TOO_LONG_MESSAGE, { weak_password: { reasons: ['length'] } })
  const encrypted = await hashPassword(password)
  const exists = () => authError(422, 'user_already_exists', 'User already registered')
  return platform.db
    .transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw exists()
      const [user] = await tx.query<UserRow>(
        `insert into users (id, email, encrypted_password, raw_user_meta_data, email_confirmed_at, last_sign_in_at)
         values ($1, $2, $3, $4, now(), now()) returning *`,
        [randomUUID(), email, encrypted, JSON.stringify(body?.data ?? {})]
      )
      return issueSession(platform, tx, user)
    })
    .catch((error) => {
      if (error?.code === '23505') throw exists() // a concurrent sign-up with the same email won
      throw error
    })
}

export const token: Handler<Routes['authToken']> = async ({ platform, query, body, ip }) => {
  if (query.grant_type === 'password') {
    const { email, password } = requireCredentials(body ?? {})
    await limitSignIn(platform, ip, email)
    const user = await findUserByEmail(platform.db, email)
    // An unknown email costs the same hashing as a wrong password: timing tells nothing.
    const ok = user ? await verifyPassword(user.encrypted_password, password) : await verifyAgainstNothing(password)
    if (!user || !ok) throw authError(400, 'invalid_credentials', 'Invalid login credentials')
    return platform.db.transaction(async (tx) => {
      const [updated] = await tx.query<UserRow>('update users set last_sign_in_at = now() where id = $1 returning *', [user.id])
      return issueSession(platform, tx, updated)
    })
  }
  if (!body?.refresh_token) throw authError(400, 'validation_failed', 'refresh_token is required')
  await hit(platform, 'token-refresh:ip', ip, platform.config.rateLimits.tokenRefreshPerIp)
  return refreshSession(platform, body.refresh_token)
}

export const getUser: Handler<Routes['authGetUser']> = async ({ platform, user }) => {
  const row = await findUserById(platform.db, user.id)
  if (!row) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  return toGoTrueUser(row)
}

export const logout: Handler<Routes['authLogout']> = async ({ platform, user, query }) => {
  await endSessions(platform, user.id, user.sessionId, query.scope)
  return undefined
}

export const settings: Handler<Routes['authSettings']> = async () => ({
  external: { email: true, phone: false },
  disable_signup: false,
  mailer_autoconfirm: true,
  phone_autoconfirm: false,
})
