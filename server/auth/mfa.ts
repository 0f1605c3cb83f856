/**
 * TOTP multi-factor authentication: enroll (secret, otpauth URI and QR code), challenge, verify
 * (which raises the session to aal2 and marks the factor verified), unenroll. A code is accepted
 * within one 30 s step either side, and never twice. Phone and WebAuthn factors answer GoTrue's
 * "not enabled" errors.
 *
 * Guessing is bounded whatever address the guesses come from (a per-address limit alone is beaten
 * by rotating addresses): wrong codes are counted on the challenge, which dies after a few, and on
 * the factor, which locks for a while after more. The counts live in the control plane, so every
 * app instance sees the same ones.
 */
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import { PRODUCT_NAME } from '@/lib/constants'
import type { Routes } from '@/lib/api-types'
import type { Handler } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'
import { authError } from './gotrue-errors'
import { findUserById } from './users'
import { issueSession, raiseToAal2 } from './sessions'
import { recordAuthEventIn } from '../logs/auth-logs'

/** How long a challenge can be verified. */
export const CHALLENGE_TTL_SECONDS = 300
/** Unverified factors a user may hold at once (abandoned enrolments). */
const MAX_UNVERIFIED = 10
const PERIOD = 30
/** The longest a factor lock lasts, however many came before it (unless the configured first lock is longer). */
export const MAX_FACTOR_LOCK_SECONDS = 24 * 60 * 60

type FactorRow = { id: string; user_id: string; friendly_name: string | null; factor_type: string; status: string; secret: string; last_used_step: string | null }

/** 429 while a factor is locked after too many wrong codes; Retry-After says until when. */
function factorLocked(retryAfterSeconds: number) {
  const error = authError(429, 'over_request_rate_limit', 'Too many wrong codes for this factor: try again later')
  error.headers['Retry-After'] = String(retryAfterSeconds)
  return error
}

/** Seconds the factor stays locked (0 when it is not). */
const LOCKED_FOR = `greatest(0, ceil(extract(epoch from (coalesce(locked_until, now()) - now()))))::int as locked_for`

async function sessionAal(platform: Platform, sessionId: string | null): Promise<'aal1' | 'aal2'> {
  if (!sessionId) return 'aal1'
  const [row] = await platform.db.query<{ aal: 'aal1' | 'aal2' }>('select aal from auth_sessions where id = $1', [sessionId])
  return row?.aal ?? 'aal1'
}

async function ownFactor(platform: Platform, user: AuthUser, factorId: string): Promise<FactorRow> {
  const [factor] = /^[0-9a-f-]{36}$/i.test(factorId)
    ? await platform.db.query<FactorRow>('select * from auth_mfa_factors where id = $1 and user_id = $2', [factorId, user.id])
    : []
  if (!factor) throw authError(404, 'mfa_factor_not_found', 'Factor not found')
  return factor
}

const totpFor = (secret: string, label: string, issuer = PRODUCT_NAME) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) })

export const enroll: Handler<Routes['authEnrollFactor']> = async ({ platform, user: caller, body }) => {
  if (body.factor_type === 'phone') throw authError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  if (body.factor_type === 'webauthn') throw authError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
  const user = await findUserById(platform.db, caller.id)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const verified = user.factors.filter((f) => f.status === 'verified')
  if (verified.length > 0 && (await sessionAal(platform, caller.sessionId)) !== 'aal2')
    throw authError(422, 'insufficient_aal', 'AAL2 required to enroll a new factor')
  if (user.factors.filter((f) => f.status === 'unverified').length >= MAX_UNVERIFIED)
    throw authError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of unverified factors reached, unenroll to continue')
  const friendlyName = body.friendly_name?.trim() || null
  const secret = new Secret({ size: 20 }).base32
  const totp = totpFor(secret, user.email || user.phone || user.id, body.issuer?.trim() || PRODUCT_NAME)
  const uri = totp.toString()
  const id = randomUUID()
  try {
    await platform.db.query(
      `insert into auth_mfa_factors (id, user_id, friendly_name, factor_type, status, secret) values ($1, $2, $3, 'totp', 'unverified', $4)`,
      [id, user.id, friendlyName, secret]
    )
  } catch (error) {
    if ((error as { code?: string })?.code === '23505')
      throw authError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`)
    throw error
  }
  // GoTrue answers the bare SVG; auth-js puts the `data:image/svg+xml;utf-8,` prefix in front itself.
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 })
  return { id, type: 'totp', friendly_name: friendlyName ?? undefined, totp: { qr_code: svg, secret, uri } }
}

export const challenge: Handler<Routes['authChallengeFactor']> = async ({ platform, user, params, ip }) => {
  const factor = await ownFactor(platform, user, params.factorId)
  const [lock] = await platform.db.query<{ locked_for: number }>(`select ${LOCKED_FOR} from auth_mfa_factors where id = $1`, [factor.id])
  if (lock && lock.locked_for > 0) throw factorLocked(lock.locked_for)
  const id = randomUUID()
  const [row] = await platform.db.query<{ created: number }>(
    'insert into auth_mfa_challenges (id, factor_id, ip) values ($1, $2, $3) returning extract(epoch from created_at)::bigint as created',
    [id, factor.id, ip]
  )
  return { id, type: factor.factor_type, expires_at: Number(row.created) + CHALLENGE_TTL_SECONDS }
}

export const verify: Handler<Routes['authVerifyFactor']> = async ({ platform, user: caller, params, body }) => {
  const factor = await ownFactor(platform, caller, params.factorId)
  if (!caller.sessionId) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  const limits = platform.config.auth.mfa
  // A wrong code is counted in a transaction that commits, and refused after it.
  const outcome = await platform.db.transaction(async (tx) => {
    const [ch] = /^[0-9a-f-]{36}$/i.test(body.challenge_id)
      ? await tx.query<{ verified_at: Date | null; expired: boolean; failed_attempts: number }>(
          `select verified_at, created_at < now() - make_interval(secs => $3) as expired, failed_attempts
           from auth_mfa_challenges where id = $1 and factor_id = $2 for update`,
          [body.challenge_id, factor.id, CHALLENGE_TTL_SECONDS]
        )
      : []
    if (!ch) throw authError(404, 'mfa_challenge_not_found', 'Challenge not found')
    if (ch.verified_at) throw authError(422, 'mfa_challenge_expired', 'Challenge has already been verified')
    if (ch.expired) throw authError(422, 'mfa_challenge_expired', `MFA challenge ${body.challenge_id} has expired, verify against another challenge or create a new challenge.`)
    if (ch.failed_attempts >= limits.challengeMaxAttempts)
      throw authError(422, 'mfa_challenge_expired', `MFA challenge ${body.challenge_id} has had too many wrong codes, create a new challenge.`)
    // The factor row is locked: two verifications of one code cannot both pass the replay check,
    // and concurrent wrong codes are all counted.
    const [locked] = await tx.query<FactorRow & { locked_for: number }>(`select *, ${LOCKED_FOR} from auth_mfa_factors where id = $1 for update`, [factor.id])
    if (locked.locked_for > 0) throw factorLocked(locked.locked_for)
    const totp = totpFor(locked.secret, 'check')
    const now = Date.now()
    const delta = totp.validate({ token: body.code.trim(), timestamp: now, window: 1 })
    const step = Math.floor(now / 1000 / PERIOD) + (delta ?? 0)
    if (delta === null || (locked.last_used_step !== null && step <= Number(locked.last_used_step))) {
      await tx.query('update auth_mfa_challenges set failed_attempts = failed_attempts + 1 where id = $1', [body.challenge_id])
      // The failure that reaches the limit locks the factor and starts the count afresh. Each lock
      // since the last right code lasts twice as long as the one before (up to a cap): otherwise
      // every lock hands out a fresh budget of guesses, which adds up over days.
      await tx.query(
        `update auth_mfa_factors set
           failed_attempts = case when failed_attempts + 1 >= $2 then 0 else failed_attempts + 1 end,
           locked_until = case when failed_attempts + 1 >= $2
             then now() + make_interval(secs => least(greatest($3::float8, $4::float8), $3::float8 * power(2, least(lock_count, 30))))
             else locked_until end,
           lock_count = case when failed_attempts + 1 >= $2 then lock_count + 1 else lock_count end
         where id = $1`,
        [factor.id, limits.factorMaxFailures, limits.factorLockSeconds, MAX_FACTOR_LOCK_SECONDS]
      )
      return null
    }
    await tx.query(
      `update auth_mfa_factors set status = 'verified', last_used_step = $2, failed_attempts = 0, locked_until = null, lock_count = 0, updated_at = now() where id = $1`,
      [factor.id, step]
    )
    await tx.query('update auth_mfa_challenges set verified_at = now() where id = $1', [body.challenge_id])
    await raiseToAal2(tx, caller.sessionId!, factor.id, 'totp')
    await recordAuthEventIn(tx, { userId: caller.id, action: 'mfa_verified', method: 'totp' })
    // The raised session gets a new refresh token; the one held at aal1 stops working.
    await tx.query('update refresh_tokens set revoked = true, revoked_at = now() where session_id = $1 and not revoked', [caller.sessionId])
    const user = (await findUserById(tx, caller.id))!
    return issueSession(platform, tx, user, { sessionId: caller.sessionId! })
  })
  if (!outcome) throw authError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  return outcome
}

export const unenroll: Handler<Routes['authUnenrollFactor']> = async ({ platform, user, params }) => {
  const factor = await ownFactor(platform, user, params.factorId)
  if (factor.status === 'verified' && (await sessionAal(platform, user.sessionId)) !== 'aal2')
    throw authError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
  await platform.db.query('delete from auth_mfa_factors where id = $1', [factor.id])
  return { id: factor.id }
}
