/**
 * Personal access tokens (docs/api.md): `sbp_` and 40 random hex digits, kept only as their
 * sha256, with a name, an expiry and when it was last used. `userOfAccessToken` is what
 * server/http/authenticate.ts asks for a `/v1/` route's bearer token.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { AccessToken, CreatedAccessToken } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import { PlatformError } from '../kernel/errors'

/** A user holds at most this many tokens at once. */
const MAX_TOKENS = 100

export const hashAccessToken = (token: string) => createHash('sha256').update(token).digest('hex')

type Row = { id: string; name: string; token_alias: string; created_at: Date; expires_at: Date | null; last_used_at: Date | null }

const answerOf = (row: Row): AccessToken => ({
  id: row.id,
  name: row.name,
  token_alias: row.token_alias,
  created_at: row.created_at.toISOString(),
  expires_at: row.expires_at?.toISOString() ?? null,
  last_used_at: row.last_used_at?.toISOString() ?? null,
})

export async function listAccessTokens(platform: Platform, userId: string): Promise<AccessToken[]> {
  const rows = await platform.db.query<Row>('select id, name, token_alias, created_at, expires_at, last_used_at from access_tokens where user_id = $1 order by created_at desc', [userId])
  return rows.map(answerOf)
}

export async function createAccessToken(platform: Platform, userId: string, name: string, expiresInDays: number | null): Promise<CreatedAccessToken> {
  const token = `sbp_${randomBytes(20).toString('hex')}`
  const rows = await platform.db.query<Row>(
    `insert into access_tokens (id, user_id, name, token_hash, token_alias, expires_at)
     select $1, $2, $3, $4, $5, case when $6::int is null then null else now() + make_interval(days => $6::int) end
     where (select count(*) from access_tokens where user_id = $2) < ${MAX_TOKENS}
     returning id, name, token_alias, created_at, expires_at, last_used_at`,
    [randomUUID(), userId, name, hashAccessToken(token), `${token.slice(0, 8)}…${token.slice(-4)}`, expiresInDays]
  )
  if (rows.length === 0) throw new PlatformError(400, `You have ${MAX_TOKENS} access tokens, the most one account holds: revoke one first.`)
  return { ...answerOf(rows[0]), token }
}

export async function deleteAccessToken(platform: Platform, userId: string, id: string): Promise<void> {
  const rows = await platform.db.query('delete from access_tokens where id = $1 and user_id = $2 returning id', [id, userId])
  if (rows.length === 0) throw new PlatformError(404, 'No such access token: it was revoked already.')
}

/**
 * The user a token acts for, or null (unknown, expired). `lookup`, when given, is a statement
 * selecting the caller's access to a scope with `t.user_id` as the user and $2 as its key, run in
 * the same round trip. Its use is noted at most once a minute.
 */
export async function userOfAccessToken(
  db: Queryable,
  token: string,
  lookup?: { sql: string; key: string }
): Promise<{ id: string; email: string; scope?: Record<string, unknown> | null } | null> {
  const [row] = await db.query<Record<string, unknown> & { token_user_id: string; token_user_email: string; token_scope_found?: boolean }>(
    `with t as (
       update access_tokens set last_used_at = now()
        where token_hash = $1 and (expires_at is null or expires_at > now())
          and (last_used_at is null or last_used_at < now() - interval '1 minute')
        returning user_id
     ), found as (
       select user_id from t union all
       select user_id from access_tokens where token_hash = $1 and (expires_at is null or expires_at > now()) and not exists (select 1 from t)
     )
     select u.id as token_user_id, u.email as token_user_email ${lookup ? ', a.id is not null as token_scope_found, a.*' : ''}
       from found t join users u on u.id = t.user_id ${lookup ? `left join lateral (${lookup.sql}) a on true` : ''}
       limit 1`,
    lookup ? [hashAccessToken(token), lookup.key] : [hashAccessToken(token)]
  )
  if (!row) return null
  if (!lookup) return { id: row.token_user_id, email: row.token_user_email }
  const { token_user_id, token_user_email, token_scope_found, ...access } = row
  return { id: token_user_id, email: token_user_email, scope: token_scope_found ? access : null }
}
