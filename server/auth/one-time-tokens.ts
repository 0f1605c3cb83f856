/**
 * Links and codes sent by mail or SMS. Each carries a long random token (in the link) and a
 * 6-digit code (typed by the user); only their hashes are stored. A new one of the same kind
 * replaces the previous one; using one deletes it; each address gets a few wrong codes before
 * its codes stop working (a 6-digit code must not be guessable by trying).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import { authError } from './gotrue-errors'

export type TokenKind =
  | 'confirmation'
  | 'invite'
  | 'magiclink'
  | 'recovery'
  | 'email_change_current'
  | 'email_change_new'
  | 'reauthentication'
  | 'sms_otp'
  | 'phone_change'

/** Wrong codes tried against one address before its codes stop working. */
export const MAX_CODE_ATTEMPTS = 5

export type TokenRow = {
  id: number
  user_id: string
  kind: TokenKind
  relates_to: string
  flow_state_id: string | null
  redirect_to: string | null
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** A fresh link token and code for the user; the previous ones of this kind stop working. */
export async function createOneTimeToken(
  tx: Queryable,
  input: { userId: string; kind: TokenKind; relatesTo: string; ttlSeconds: number; flowStateId?: string | null; redirectTo?: string | null }
): Promise<{ tokenHash: string; otp: string }> {
  const tokenHash = randomBytes(28).toString('hex')
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await tx.query('delete from auth_one_time_tokens where user_id = $1 and kind = $2', [input.userId, input.kind])
  await tx.query(
    `insert into auth_one_time_tokens (user_id, kind, relates_to, token_hash, otp_hash, flow_state_id, redirect_to, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [input.userId, input.kind, input.relatesTo, sha256(tokenHash), sha256(`${input.relatesTo}:${otp}`), input.flowStateId ?? null, input.redirectTo ?? null, input.ttlSeconds]
  )
  return { tokenHash, otp }
}

const expired = () => authError(403, 'otp_expired', 'Token has expired or is invalid')

/** Uses the token of a link: answers its row and deletes it, or fails with otp_expired. */
export async function consumeTokenHash(tx: Queryable, tokenHash: string, kinds: TokenKind[]): Promise<TokenRow> {
  const [row] = await tx.query<TokenRow>(
    `delete from auth_one_time_tokens where token_hash = $1 and kind = any($2) and expires_at > now() and attempts < $3
     returning id, user_id, kind, relates_to, flow_state_id, redirect_to`,
    [sha256(tokenHash), kinds, MAX_CODE_ATTEMPTS]
  )
  if (!row) throw expired()
  return row
}

/**
 * Uses a code sent to `address`. A wrong code counts against every code of that address. Runs
 * outside the caller's transaction for the count, so that a refused code is still counted.
 */
export async function consumeCode(db: { query: Queryable['query'] }, address: string, code: string, kinds: TokenKind[]): Promise<TokenRow> {
  const [row] = await db.query<TokenRow>(
    `delete from auth_one_time_tokens where relates_to = $1 and otp_hash = $2 and kind = any($3) and expires_at > now() and attempts < $4
     returning id, user_id, kind, relates_to, flow_state_id, redirect_to`,
    [address, sha256(`${address}:${code.trim()}`), kinds, MAX_CODE_ATTEMPTS]
  )
  if (row) return row
  await db.query('update auth_one_time_tokens set attempts = attempts + 1 where relates_to = $1 and kind = any($2)', [address, kinds])
  throw expired()
}
