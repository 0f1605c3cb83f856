/**
 * Sessions and refresh tokens. A refresh token is single-use: refreshing revokes it and issues
 * the next one in the same session. A spent token presented again within REUSE_INTERVAL_SECONDS
 * (a retry after a lost answer, a second tab) gets the session's current token; later, it is
 * treated as stolen and ends the whole session. Signing out deletes sessions and their tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import { signAccessToken, type AuthMethod } from './jwt'
import { authError } from './gotrue-errors'
import { findUserById, toGoTrueUser, type FullUser } from './users'
import { hit } from '../security/rate-limit'
import { recordAuthEvent, recordAuthEventIn } from '../logs/auth-logs'

export const REUSE_INTERVAL_SECONDS = 10

const newRefreshToken = () => randomBytes(24).toString('base64url')

type SessionRow = { id: string; aal: 'aal1' | 'aal2'; amr: AuthMethod[] }

/**
 * Answers a session for the user: a new session signed in by `method` unless `sessionId` is given,
 * and a new refresh token unless `refreshToken` (the session's current one) is given.
 */
export async function issueSession(
  platform: Platform,
  tx: Queryable,
  user: FullUser,
  { sessionId, refreshToken, method = 'password' }: { sessionId?: string; refreshToken?: string; method?: string } = {}
) {
  let session: SessionRow
  if (sessionId) {
    ;[session] = await tx.query<SessionRow>('select id, aal, amr from auth_sessions where id = $1', [sessionId])
    if (!session) throw authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  } else {
    const amr: AuthMethod[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }]
    session = { id: randomUUID(), aal: 'aal1', amr }
    await tx.query('insert into auth_sessions (id, user_id, amr) values ($1, $2, $3)', [session.id, user.id, JSON.stringify(amr)])
    await recordAuthEventIn(tx, { userId: user.id, action: 'login', email: user.email, method })
  }
  let token = refreshToken
  if (!token) {
    token = newRefreshToken()
    await tx.query('insert into refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [token, session.id, user.id])
  }
  const ttl = platform.config.accessTokenTtlSeconds
  const goTrueUser = toGoTrueUser(user)
  const access = await signAccessToken(
    platform.signingKeys,
    {
      sub: user.id,
      email: goTrueUser.email,
      phone: goTrueUser.phone,
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
      app_metadata: goTrueUser.app_metadata,
      user_metadata: goTrueUser.user_metadata,
    },
    { issuer: platform.config.auth.issuer, ttlSeconds: ttl }
  )
  return {
    access_token: access.token,
    token_type: 'bearer' as const,
    expires_in: ttl,
    expires_at: access.expiresAt,
    refresh_token: token,
    user: goTrueUser,
  }
}

/** Raises the session to aal2 after a verified factor, adding the method to its amr. */
export async function raiseToAal2(tx: Queryable, sessionId: string, factorId: string, method: string) {
  await tx.query(
    `update auth_sessions set aal = 'aal2', factor_id = $2,
       amr = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(amr) e where e->>'method' <> $3) || jsonb_build_array(jsonb_build_object('method', $3::text, 'timestamp', extract(epoch from now())::bigint))
     where id = $1`,
    [sessionId, factorId, method]
  )
}

type TokenRow = { id: number; session_id: string; revoked: boolean; recently_revoked: boolean; user_id: string }

export async function refreshSession(platform: Platform, refreshToken: string) {
  // Counted per account before the transaction: no connection is held while counting.
  const [owner] = await platform.db.query<{ user_id: string }>('select user_id from refresh_tokens where token = $1', [refreshToken])
  if (owner) await hit(platform, 'token-refresh:account', owner.user_id, platform.config.rateLimits.tokenRefreshPerAccount)
  const outcome = await platform.db.transaction(async (tx) => {
    const [row] = await tx.query<TokenRow>(
      `select id, session_id, revoked, user_id,
         coalesce(revoked_at > now() - make_interval(secs => $2), false) as recently_revoked
       from refresh_tokens where token = $1 for update`,
      [refreshToken, REUSE_INTERVAL_SECONDS]
    )
    if (!row) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const user = await findUserById(tx, row.user_id)
    if (!user) throw authError(400, 'user_not_found', 'User from refresh token not found')
    if (!row.revoked) {
      await tx.query('update refresh_tokens set revoked = true, revoked_at = now() where id = $1', [row.id])
      return { session: await issueSession(platform, tx, user, { sessionId: row.session_id }) }
    }
    if (row.recently_revoked) {
      const [current] = await tx.query<{ token: string }>(
        'select token from refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [row.session_id]
      )
      if (current) return { session: await issueSession(platform, tx, user, { sessionId: row.session_id, refreshToken: current.token }) }
    }
    return { stolenFrom: row.session_id }
  })
  if ('stolenFrom' in outcome) {
    // After the transaction, so that the answer's error does not roll the sign-out back.
    await platform.db.query('delete from auth_sessions where id = $1', [outcome.stolenFrom])
    throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }
  return outcome.session
}

export async function endSessions(platform: Platform, userId: string, sessionId: string | null, scope: 'global' | 'local' | 'others') {
  if (scope === 'global' || !sessionId) {
    await platform.db.query('delete from auth_sessions where user_id = $1', [userId])
  } else if (scope === 'local') {
    await platform.db.query('delete from auth_sessions where id = $1', [sessionId])
  } else {
    await platform.db.query('delete from auth_sessions where user_id = $1 and id <> $2', [userId, sessionId])
  }
  recordAuthEvent(platform, { userId, action: 'logout', scope })
}
