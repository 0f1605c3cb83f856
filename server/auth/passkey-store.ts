/**
 * Where passkeys and their ceremonies' challenges are kept (control plane). A challenge is taken
 * with one DELETE … RETURNING: of two requests presenting it at once, exactly one gets it. A signature counter only moves forward, checked in the UPDATE
 * itself, so two sign-ins racing with the same counter cannot both pass.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import type { RelyingParty } from './passkey-relying-party'

/** How long a ceremony may take, from options to verify (GoTrue's default). */
export const CHALLENGE_TTL_SECONDS = 300
/** Registrations a user may have open at once (several tabs); older ones are dropped. */
const MAX_OPEN_REGISTRATIONS = 5

export type ChallengeKind = 'registration' | 'authentication'
export type TakenChallenge = { challenge: string; rp_id: string; origin: string; expired: boolean }

export async function saveChallenge(
  db: Queryable,
  input: { kind: ChallengeKind; userId: string | null; challenge: string; rp: RelyingParty }
): Promise<{ id: string; expiresAt: number }> {
  // Expired challenges go as new ones come: the table holds only the last few minutes' worth.
  await db.query('delete from auth_passkey_challenges where expires_at < now()')
  if (input.userId)
    await db.query(
      `delete from auth_passkey_challenges where id in (
         select id from auth_passkey_challenges where user_id = $1 order by created_at desc offset $2)`,
      [input.userId, MAX_OPEN_REGISTRATIONS - 1]
    )
  const id = randomUUID()
  const [row] = await db.query<{ expires_at: string | number }>(
    `insert into auth_passkey_challenges (id, kind, user_id, challenge, rp_id, origin, expires_at)
     values ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
     returning extract(epoch from expires_at)::bigint as expires_at`,
    [id, input.kind, input.userId, input.challenge, input.rp.id, input.rp.origin, CHALLENGE_TTL_SECONDS]
  )
  return { id, expiresAt: Number(row.expires_at) }
}

/** Removes the challenge and answers it, once: undefined when unknown, used, or someone else's. */
export async function takeChallenge(db: Queryable, id: string, kind: ChallengeKind, userId: string | null): Promise<TakenChallenge | undefined> {
  const [row] = await db.query<TakenChallenge>(
    `delete from auth_passkey_challenges where id = $1 and kind = $2 and user_id is not distinct from $3::uuid
     returning challenge, rp_id, origin, expires_at <= now() as expired`,
    [id, kind, userId]
  )
  return row
}

export type PasskeyRow = {
  id: string
  user_id: string
  credential_id: Uint8Array
  public_key: Uint8Array
  counter: string | number
  transports: string[]
  friendly_name: string
  rp_id: string
  created_at: Date | string
  last_used_at: Date | string | null
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** A passkey as GoTrue answers it: no key material. */
export function toPasskeyItem(row: PasskeyRow) {
  return {
    id: row.id,
    friendly_name: row.friendly_name || undefined,
    created_at: iso(row.created_at),
    last_used_at: row.last_used_at ? iso(row.last_used_at) : undefined,
  }
}

export const listPasskeys = (db: Queryable, userId: string) =>
  db.query<PasskeyRow>('select * from auth_passkeys where user_id = $1 order by created_at, id', [userId])

export async function findPasskeyByCredentialId(db: Queryable, credentialId: Uint8Array): Promise<PasskeyRow | undefined> {
  const [row] = await db.query<PasskeyRow>('select * from auth_passkeys where credential_id = $1', [credentialId])
  return row
}

export type NewPasskey = {
  userId: string
  credentialId: Uint8Array
  publicKey: Uint8Array
  counter: number
  transports: string[]
  aaguid: string | null
  rpId: string
  backupEligible: boolean
  backedUp: boolean
}

/** "Passkey", then "Passkey 2", "Passkey 3" …: the first name the user does not have yet. */
function defaultName(taken: Set<string>): string {
  if (!taken.has('Passkey')) return 'Passkey'
  let n = 2
  while (taken.has(`Passkey ${n}`)) n++
  return `Passkey ${n}`
}

/**
 * Stores a new passkey unless the user already has `max`. The user's row is locked first, so two
 * registrations at once cannot both slip under the limit. Throws Postgres 23505 when the
 * credential is already registered (to anyone).
 */
export async function insertPasskey(tx: Queryable, input: NewPasskey, max: number): Promise<PasskeyRow | 'too_many'> {
  await tx.query('select id from users where id = $1 for update', [input.userId])
  const existing = await tx.query<{ friendly_name: string }>('select friendly_name from auth_passkeys where user_id = $1', [input.userId])
  if (existing.length >= max) return 'too_many'
  const [row] = await tx.query<PasskeyRow>(
    `insert into auth_passkeys (id, user_id, credential_id, public_key, counter, transports, friendly_name, aaguid, rp_id, backup_eligible, backed_up)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
    [
      randomUUID(),
      input.userId,
      input.credentialId,
      input.publicKey,
      input.counter,
      JSON.stringify(input.transports),
      defaultName(new Set(existing.map((e) => e.friendly_name))),
      input.aaguid,
      input.rpId,
      input.backupEligible,
      input.backedUp,
    ]
  )
  return row
}

/**
 * Records a use: the counter must rise, except for authenticators that keep none (always 0).
 * False when another sign-in got there first or the counter went backwards (a cloned key).
 */
export async function recordUse(tx: Queryable, id: string, counter: number, backedUp: boolean): Promise<boolean> {
  const rows = await tx.query(
    `update auth_passkeys set counter = $2, backed_up = $3, last_used_at = now(), updated_at = now()
     where id = $1 and (counter < $2 or ($2 = 0 and counter = 0)) returning id`,
    [id, counter, backedUp]
  )
  return rows.length === 1
}

export async function renamePasskey(db: Queryable, userId: string, id: string, name: string): Promise<PasskeyRow | undefined> {
  const [row] = await db.query<PasskeyRow>(
    'update auth_passkeys set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2 returning *',
    [id, userId, name]
  )
  return row
}

export async function deletePasskey(db: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await db.query('delete from auth_passkeys where id = $1 and user_id = $2 returning id', [id, userId])
  return rows.length === 1
}
