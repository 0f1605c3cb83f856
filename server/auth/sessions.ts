/**
 * Sessions and refresh tokens. A refresh token is single-use: refreshing revokes it and issues
 * the next one in the same session; signing out deletes sessions and so their tokens.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../platform'
import { signAccessToken } from './jwt'
import { authError } from './gotrue-errors'
import { toGoTrueUser, type UserRow } from './users'

const newRefreshToken = () => randomBytes(24).toString('base64url')

export async function issueSession(platform: Platform, tx: Queryable, user: UserRow, sessionId?: string) {
  const session = sessionId ?? randomUUID()
  if (!sessionId) await tx.query('insert into auth_sessions (id, user_id) values ($1, $2)', [session, user.id])
  const refreshToken = newRefreshToken()
  await tx.query('insert into refresh_tokens (token, session_id, user_id) values ($1, $2, $3)', [refreshToken, session, user.id])
  const ttl = platform.config.accessTokenTtlSeconds
  const { token, expiresAt } = await signAccessToken(platform.jwtSecret, { sub: user.id, email: user.email, session_id: session }, ttl)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ttl,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toGoTrueUser(user),
  }
}

export async function refreshSession(platform: Platform, refreshToken: string) {
  return platform.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number; session_id: string; revoked: boolean; user_id: string }>(
      'select id, session_id, revoked, user_id from refresh_tokens where token = $1 for update',
      [refreshToken]
    )
    if (!row) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    if (row.revoked) {
      // A used token presented again may be stolen: end that whole session.
      await tx.query('delete from auth_sessions where id = $1', [row.session_id])
      throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    }
    await tx.query('update refresh_tokens set revoked = true where id = $1', [row.id])
    const [user] = await tx.query<UserRow>('select * from users where id = $1', [row.user_id])
    if (!user) throw authError(400, 'user_not_found', 'User from refresh token not found')
    return issueSession(platform, tx, user, row.session_id)
  })
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
