/**
 * Sessions of a project's users: a row in auth.sessions, a refresh token that is replaced at each
 * use (a used one presented again ends the whole session: someone else holds a copy; only its
 * SHA-256 is stored), and access
 * tokens signed with the project's secret. Each sign-in or refresh also counts the user as active
 * today in the organization's monthly active users (usage_active_users).
 */
import { authError } from '../auth/gotrue-errors'
import type { AuthDb } from './database'
import { issuerOf, type ProjectAuthContext } from './context'
import { digest, newRefreshToken, signProjectAccessToken } from './tokens'
import { findUserById, isBanned, toGoTrueUser, type UserRow } from './users'

async function countActive(ctx: ProjectAuthContext, userId: string) {
  await ctx.platform.db.query(
    `insert into usage_active_users (organization_id, day, user_id) values ($1, (now() at time zone 'UTC')::date, $2) on conflict do nothing`,
    [ctx.project.organization_id, userId]
  )
}

async function sessionAnswer(ctx: ProjectAuthContext, db: AuthDb, user: UserRow, sessionId: string, refreshToken: string, amr: { method: string; timestamp: number }[]) {
  const { token, expiresAt } = await signProjectAccessToken(
    ctx.secret,
    {
      sub: user.id,
      ref: ctx.project.ref,
      email: user.email ?? '',
      phone: user.phone ?? '',
      role: user.role || 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
    },
    issuerOf(ctx),
    ctx.config.jwt_exp
  )
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ctx.config.jwt_exp,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await toGoTrueUser(db, user),
  }
}

/** A new session for a user who just proved who they are (`method`: password, otp, invite …). */
export async function issueSession(ctx: ProjectAuthContext, db: AuthDb, user: UserRow, method: string) {
  if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned')
  const amr = [{ method, timestamp: Math.floor(Date.now() / 1000) }]
  const userAgent = ctx.req.headers['user-agent']
  const [session] = await db.query<{ id: string }>(`insert into auth.sessions (user_id, amr, user_agent, ip) values ($1, $2, $3, $4) returning id`, [
    user.id,
    JSON.stringify(amr),
    typeof userAgent === 'string' ? userAgent.slice(0, 500) : null,
    ctx.ip,
  ])
  const refreshToken = newRefreshToken()
  await db.query(`insert into auth.refresh_tokens (token_hash, user_id, session_id) values ($1, $2, $3)`, [digest(refreshToken), user.id, session.id])
  const [signedIn] = await db.query<UserRow>(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *`, [user.id])
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [user.id])
  await countActive(ctx, user.id)
  return sessionAnswer(ctx, db, signedIn, session.id, refreshToken, amr)
}

/** How long after its exchange a refresh token may still be exchanged (two tabs, a retried request). */
const REUSE_INTERVAL_SECONDS = 10

/** A refresh token exchanged for a new one and a new access token. */
export async function refreshSession(ctx: ProjectAuthContext, refreshToken: string) {
  const presented = digest(refreshToken)
  const outcome = await ctx.db.transaction(async (tx) => {
    const [found] = await tx.query<{ id: string; user_id: string; session_id: string; revoked: boolean; just_exchanged: boolean }>(
      `select id, user_id, session_id, revoked, updated_at > now() - make_interval(secs => $2) as just_exchanged
       from auth.refresh_tokens where token_hash = $1 for update`,
      [presented, REUSE_INTERVAL_SECONDS]
    )
    if (!found) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    // A token exchanged a moment ago (two tabs, a retried request) gets a new token of its own
    // beside the first one: only digests are kept, so the first cannot be answered again. The
    // moment counts from the first exchange: presenting it again and again does not stretch it.
    if (found.revoked && !found.just_exchanged) {
      // Exchanged longer ago and presented again: the session's tokens may have leaked. It ends
      // (committed before the refusal is answered).
      await tx.query(`delete from auth.sessions where id = $1`, [found.session_id])
      return { reused: true as const }
    }
    const user = await findUserById(tx, found.user_id)
    if (!user) throw authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    if (isBanned(user)) throw authError(400, 'user_banned', 'User is banned')
    const next = newRefreshToken()
    if (!found.revoked) await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [found.id])
    await tx.query(`insert into auth.refresh_tokens (token_hash, user_id, session_id, parent_hash) values ($1, $2, $3, $4)`, [digest(next), user.id, found.session_id, presented])
    const [session] = await tx.query<{ amr: { method: string; timestamp: number }[] }>(
      `update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1 returning amr`,
      [found.session_id]
    )
    await countActive(ctx, user.id)
    return { reused: false as const, session: await sessionAnswer(ctx, tx, user, found.session_id, next, session?.amr ?? []) }
  })
  if (outcome.reused) throw authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  return outcome.session
}

/** Sign-out: this session (`local`), the user's others (`others`), or all of them (`global`). */
export async function endSessions(db: AuthDb, userId: string, sessionId: string, scope: 'global' | 'local' | 'others') {
  if (scope === 'local') await db.query(`delete from auth.sessions where id = $1`, [sessionId])
  else if (scope === 'others') await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId])
  else await db.query(`delete from auth.sessions where user_id = $1`, [userId])
}

export async function sessionExists(db: AuthDb, sessionId: string): Promise<boolean> {
  return (await db.query(`select 1 from auth.sessions where id = $1`, [sessionId])).length > 0
}
