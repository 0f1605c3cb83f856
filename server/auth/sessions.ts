/**
 * Sessions and refresh tokens. A refresh token is single-use: refreshing revokes it and issues
 * the next one in the same session. A spent token presented again within REUSE_INTERVAL_SECONDS
 * (a retry after a lost answer, a second tab) gets the session's current token; later, it is
 * treated as stolen and ends the whole session. Signing out deletes sessions and their tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../platform'
import { signAccessToken } from './jwt'
import { authError } from './gotrue-errors'
import { toGoTrueUser, type UserRow } from './users'
import { hit } from '../security/rate-limit'

export const REUSE_INTERVAL_SECONDS = 10

const newRefreshToken = () => randomBytes(24).toString('base64url')

/**
 * Answers a session for the user: a new session unless `sessionId` is given, and a new refresh
 * token unless `refreshToken` (the session's current one) is given.
 */
export async function issueSession(
  platform: Platform,
  tx: Queryable,
  user: UserRow,
  { sessionId, refreshToken }: { sessionId?: string; refreshToken?: string } = {}
) {
  const session = sessionId ?? randomUUID()
  if (!sessionId) await tx.query('insert into auth_sessions (id, user_id) values ($1, $2)', [session, user.id])
  let token = refreshToken
  if (!token) {
    token = newRefreshToken()
    await tx.query('insert into refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [token, session, user.id])
  }
  const ttl = platform.config.accessTokenTtlSeconds
  const access = await signAccessToken(platform.jwtSecret, { sub: user.id, email: user.email, session_id: session }, ttl)
  return {
    access_token: access.token,
    token_type: 'bearer' as const,
    expires_in: ttl,
    expires_at: access.expiresAt,
    refresh_token: token,
    user: toGoTrueUser(user),
  }
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
    const [user] = await tx.query<UserRow>('select * from users where id = $1', [row.user_id])
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
}
