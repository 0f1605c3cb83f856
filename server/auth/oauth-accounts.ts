/**
 * Who a provider's account is here, as GoTrue decides it:
 * - an identity of that provider account exists: its user signs in (the identity's data refreshed);
 * - else a user (or an identity) has one of the account's *verified* addresses: the identity is
 *   added to that user. Only addresses the provider verified link: an address anyone can add to
 *   their provider account must not open somebody else's account here;
 * - else a new user, with the provider's address unless another user already has it.
 * An account whose address its owner never proved (unconfirmed, or confirmed only by
 * MAILER_AUTOCONFIRM) keeps nothing but the provider's identity when a provider that verified the
 * address merges into it, or signs it in unconfirmed: whoever registered the address first may not
 * be its owner. docs/auth.md states the rule.
 * Linking (a signed-in user adding a provider) adds the identity to that user or refuses.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import { authError } from './gotrue-errors'
import { dropWhatPrecededProof } from './first-proof'
import { chosenEmail, identityData, type ProviderUser } from './oauth-profiles'
import { findUserById, insertUser, isBanned, normalizeEmail, type FullUser } from './users'

type IdentityRef = { id: string; user_id: string }

async function findIdentity(tx: Queryable, provider: string, providerId: string): Promise<IdentityRef | undefined> {
  const [row] = await tx.query<IdentityRef>('select id, user_id from auth_identities where provider = $1 and provider_id = $2 for update', [provider, providerId])
  return row
}

async function insertIdentity(tx: Queryable, userId: string, provider: string, profile: ProviderUser): Promise<string> {
  const id = randomUUID()
  await tx.query(
    `insert into auth_identities (id, user_id, provider, provider_id, identity_data, last_sign_in_at) values ($1, $2, $3, $4, $5, now())`,
    [id, userId, provider, profile.id, JSON.stringify(identityData(profile))]
  )
  return id
}

type Holder = { user_id: string; proven: boolean }

/**
 * The one user the verified addresses point to (identities first, as GoTrue looks), if any, and
 * whether that user's hold on the address is proven: another provider verified it, or the owner
 * proved it as the account's email (users.email_proven_at).
 */
async function userWithAddresses(tx: Queryable, emails: string[]): Promise<Holder | null> {
  if (!emails.length) return null
  const viaIdentities = await tx.query<Holder>(
    `select i.user_id,
            bool_or((i.provider not in ('email', 'phone') and i.identity_data ->> 'email_verified' = 'true')
                    or (u.email = lower(i.identity_data ->> 'email') and u.email_proven_at is not null)) as proven
       from auth_identities i join users u on u.id = i.user_id
      where lower(i.identity_data ->> 'email') = any($1)
      group by i.user_id`,
    [emails]
  )
  const candidates = viaIdentities.length
    ? viaIdentities
    : await tx.query<Holder>('select id as user_id, email_proven_at is not null as proven from users where email = any($1)', [emails])
  if (candidates.length > 1) throw authError(500, 'unexpected_failure', 'Multiple accounts with the same email address in the same linking domain detected: default')
  return candidates[0] ?? null
}

const mergeUserMetadata = (tx: Queryable, userId: string, data: Record<string, unknown>) =>
  tx.query('update users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1', [userId, JSON.stringify(data)])

const isConfirmed = (user: FullUser) => !!user.email_confirmed_at || !!user.phone_confirmed_at

/**
 * An account whose address was not proven, signed in by a provider, keeps only that provider: the
 * password, phone, other identities, passkeys, MFA factors, pending links and codes, metadata and
 * every session may belong to whoever registered the address first (first-proof.ts).
 */
async function keepOnlyIdentity(tx: Queryable, userId: string, identityId: string, data: Record<string, unknown>) {
  await tx.query('update users set raw_user_meta_data = $2, updated_at = now() where id = $1', [userId, JSON.stringify(data)])
  await dropWhatPrecededProof(tx, userId, { identityId })
}

/** Signs a provider's account in: finds, links or creates the user, in the caller's transaction. */
export async function signInWithProvider(platform: Platform, tx: Queryable, provider: string, profile: ProviderUser): Promise<FullUser> {
  const email = chosenEmail(profile)
  if (!email) throw authError(500, 'unexpected_failure', 'Error getting user email from external provider')
  const data = identityData(profile)
  const verified = profile.emails.filter((e) => e.verified).map((e) => normalizeEmail(e.email))
  let userId: string
  let identityId: string
  // Reached through an address its holder never proved: perhaps not the provider account's owner's.
  let unproven = false
  const existing = await findIdentity(tx, provider, profile.id)
  if (existing) {
    userId = existing.user_id
    identityId = existing.id
    await tx.query('update auth_identities set identity_data = $2, last_sign_in_at = now(), updated_at = now() where id = $1', [existing.id, JSON.stringify(data)])
    await mergeUserMetadata(tx, userId, data)
  } else {
    const linked = await userWithAddresses(tx, verified)
    if (linked) {
      userId = linked.user_id
      unproven = !linked.proven
      identityId = await insertIdentity(tx, userId, provider, profile)
      await mergeUserMetadata(tx, userId, data)
    } else {
      if (platform.config.auth.disableSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance')
      const address = normalizeEmail(email.email)
      const [taken] = await tx.query('select 1 from users where email = $1', [address])
      // An unverified address someone else has: the new user gets none rather than theirs.
      const user = await insertUser(tx, { userMetadata: data })
      if (!taken) await tx.query('update users set email = $2 where id = $1', [user.id, address])
      userId = user.id
      identityId = await insertIdentity(tx, userId, provider, profile)
    }
  }
  const user = (await findUserById(tx, userId, { forUpdate: true }))!
  if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned')
  if (unproven || !isConfirmed(user)) await keepOnlyIdentity(tx, userId, identityId, data)
  if (!isConfirmed(user)) {
    if (!email.verified && !platform.config.auth.mailerAutoconfirm)
      throw authError(422, 'provider_email_needs_verification', `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`)
    await tx.query('update users set email_confirmed_at = now() where id = $1', [userId])
  }
  // The provider verified the account's own address: its owner is the one signing in.
  if (user.email && verified.includes(user.email)) await tx.query('update users set email_proven_at = coalesce(email_proven_at, now()) where id = $1', [userId])
  await tx.query('update users set last_sign_in_at = now() where id = $1', [userId])
  return (await findUserById(tx, userId))!
}

/** Adds a provider's account to a signed-in user (manual linking); GoTrue's errors when it is taken. */
export async function linkProvider(tx: Queryable, targetUserId: string, provider: string, profile: ProviderUser): Promise<FullUser> {
  const target = await findUserById(tx, targetUserId, { forUpdate: true })
  if (!target) throw authError(422, 'user_not_found', 'Linking target user not found')
  const existing = await findIdentity(tx, provider, profile.id)
  if (existing)
    throw authError(422, 'identity_already_exists', existing.user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user')
  await insertIdentity(tx, target.id, provider, profile)
  const email = chosenEmail(profile)
  if (!target.email && email) {
    // A user without an address (anonymous, or phone only) takes the provider's, once it is verified.
    if (!email.verified) throw authError(422, 'email_not_confirmed', `Unverified email with ${provider}. Verify the email with ${provider} in order to link it`)
    await tx
      .query('update users set email = $2, email_confirmed_at = now(), email_proven_at = now(), is_anonymous = false, updated_at = now() where id = $1', [
        target.id,
        normalizeEmail(email.email),
      ])
      .catch((error) => {
        if (error?.code === '23505') throw authError(400, 'email_exists', 'A user with this email address has already been registered')
        throw error
      })
  }
  // The provider verified the user's own address: proven by its owner, who is signed in.
  const verified = profile.emails.filter((e) => e.verified).map((e) => normalizeEmail(e.email))
  if (target.email && verified.includes(target.email)) await tx.query('update users set email_proven_at = coalesce(email_proven_at, now()) where id = $1', [target.id])
  return (await findUserById(tx, target.id))!
}
