/**
 * The first proof of an account's address. With MAILER_AUTOCONFIRM anyone can sign up with anyone's
 * address and a password, and the account counts as confirmed at once; until someone shows they
 * read that inbox, whoever set the account up may not be the address's owner. When the address is
 * proven for the first time by someone who did not necessarily set things up (a provider that
 * verified it, a magic link, a mailed code, a recovery link), everything that let anyone in before
 * is dropped here, in one place: the password, the phone, every other identity, passkeys, MFA
 * factors, pending links, codes and flows, the addresses trusted for password sign-ins, and every
 * session. Deleting a session deletes its refresh tokens, and the session check of every request
 * (server/http/authenticate.ts) refuses its access tokens at once. docs/auth.md states the rule.
 */
import type { Queryable } from '../db/control-plane'

/** What the one proving the address is signing in with, and so keeps. */
export type KeptOnFirstProof = {
  /** The identity that proved the address (the provider's, or the account's email identity). */
  identityId: string | null
  /** The PKCE flow of the sign-in under way, whose code is issued next. */
  flowStateId?: string | null
}

const OWNED_BY_USER = ['auth_passkeys', 'auth_passkey_challenges', 'auth_mfa_factors', 'auth_one_time_tokens', 'auth_sign_in_addresses', 'auth_sessions']

/** Drops, in the caller's transaction, all that the account's holder set before its address was proven. */
export async function dropWhatPrecededProof(tx: Queryable, userId: string, keep: KeptOnFirstProof) {
  await tx.query(
    `update users set encrypted_password = null, phone = null, phone_confirmed_at = null,
       email_change = null, email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [userId]
  )
  await tx.query('delete from auth_identities where user_id = $1 and id is distinct from $2::uuid', [userId, keep.identityId])
  for (const table of OWNED_BY_USER) await tx.query(`delete from ${table} where user_id = $1`, [userId])
  // A provider link someone started for the account must not finish into it afterwards.
  await tx.query('delete from auth_flow_states where (user_id = $1 or linking_target_id = $1) and id is distinct from $2::uuid', [userId, keep.flowStateId ?? null])
}
