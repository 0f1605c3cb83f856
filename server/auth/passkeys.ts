/**
 * Passkey ceremonies, with @simplewebauthn/server doing the WebAuthn checks: registration for a
 * signed-in user, and sign-in with a discoverable passkey (no email first) that answers a full
 * session, as the password grant does. Errors use GoTrue's codes (webauthn_challenge_not_found,
 * webauthn_verification_failed …) so that clients can tell them apart.
 *
 * A passkey replaces a password, so user verification (biometrics, PIN) is required on both
 * ceremonies: possession of the device alone does not sign in.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { authenticationCredential, registrationCredential, type authenticationVerifyBody, type registrationVerifyBody } from '@/lib/api-types/passkeys'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'
import { zodMessage } from '../kernel/errors'
import { authError } from './gotrue-errors'
import { issueSession } from './sessions'
import { findUserById, isBanned, type FullUser } from './users'
import { relyingParty } from './passkey-relying-party'
import {
  CHALLENGE_TTL_SECONDS,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  recordUse,
  saveChallenge,
  takeChallenge,
  toPasskeyItem,
  type TakenChallenge,
} from './passkey-store'

/** GoTrue's default limit. */
export const MAX_PASSKEYS_PER_USER = 10
/** EdDSA, ES256, RS256: what authenticators make; offered and accepted alike. */
const ALGORITHMS = [-8, -7, -257]
const TRANSPORTS = new Set<string>(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])
const NO_AAGUID = '00000000-0000-0000-0000-000000000000'

const challengeNotFound = () => authError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used')
const challengeExpired = () => authError(400, 'webauthn_challenge_expired', 'Challenge has expired')
const tooMany = () => authError(422, 'too_many_passkeys', 'Maximum number of passkeys reached')
const verificationFailed = (why: string) => authError(400, 'webauthn_verification_failed', `Credential verification failed: ${why}`)

/** The browser's answer, read as GoTrue reads it: one that is malformed fails verification. */
function readCredential<S extends z.ZodType>(schema: S, credential: unknown): z.output<S> {
  // Wrapped so that messages name the field as the request does (credential.response …).
  const parsed = z.object({ credential: schema }).safeParse({ credential })
  if (!parsed.success) throw authError(400, 'webauthn_verification_failed', `Invalid credential response: ${zodMessage(parsed.error)}`)
  return (parsed.data as { credential: z.output<S> }).credential
}

/** The library says what did not match (origin, RP ID, challenge …): worth passing on, bounded. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300)

/** A user may hold passkeys unless anonymous; with a verified second factor, changes need aal2 (as GoTrue). */
export async function accountFor(platform: Platform, caller: AuthUser, { managing }: { managing: boolean }): Promise<FullUser> {
  const user = await findUserById(platform.db, caller.id)
  if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  if (user.is_anonymous) throw authError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions')
  if (managing && user.factors.some((f) => f.status === 'verified')) {
    const [session] = caller.sessionId ? await platform.db.query<{ aal: string }>('select aal from auth_sessions where id = $1', [caller.sessionId]) : []
    if (session?.aal !== 'aal2') throw authError(403, 'insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled')
  }
  return user
}

function checkFresh(challenge: TakenChallenge | undefined): TakenChallenge {
  if (!challenge) throw challengeNotFound()
  if (challenge.expired) throw challengeExpired()
  return challenge
}

const displayName = (user: FullUser) => {
  const name = user.raw_user_meta_data?.full_name ?? user.raw_user_meta_data?.name
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 64) : (user.email ?? user.phone ?? '')
}

export async function registrationOptions(platform: Platform, req: IncomingMessage, caller: AuthUser) {
  const user = await accountFor(platform, caller, { managing: true })
  const rp = relyingParty(platform, req)
  const existing = await listPasskeys(platform.db, user.id)
  if (existing.length >= MAX_PASSKEYS_PER_USER) throw tooMany()
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email || user.phone || user.id,
    // GoTrue's user handle: the user's id as text. Sign-in reads it back to find the account.
    userID: new TextEncoder().encode(user.id),
    userDisplayName: displayName(user),
    timeout: CHALLENGE_TTL_SECONDS * 1000,
    attestationType: 'none',
    // The browser refuses to make a second passkey on an authenticator that holds one already.
    excludeCredentials: existing.map((p) => ({ id: Buffer.from(p.credential_id).toString('base64url'), transports: p.transports })),
    // Discoverable: sign-in starts without an email, the authenticator offers the account.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  })
  const saved = await saveChallenge(platform.db, { kind: 'registration', userId: user.id, challenge: options.challenge, rp })
  return { challenge_id: saved.id, options, expires_at: saved.expiresAt }
}

export async function verifyRegistration(platform: Platform, caller: AuthUser, body: z.output<typeof registrationVerifyBody>) {
  const user = await accountFor(platform, caller, { managing: true })
  const credential = readCredential(registrationCredential, body.credential)
  // Taken before anything else: a challenge is spent by any answer, good or bad.
  const challenge = checkFresh(await takeChallenge(platform.db, body.challenge_id, 'registration', user.id))
  let info
  try {
    const result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    })
    if (!result.verified) throw new Error('the attestation did not verify')
    info = result.registrationInfo
  } catch (error) {
    throw verificationFailed(reasonOf(error))
  }
  const created = await platform.db
    .transaction((tx) =>
      insertPasskey(
        tx,
        {
          userId: user.id,
          credentialId: Buffer.from(info.credential.id, 'base64url'),
          publicKey: info.credential.publicKey,
          counter: info.credential.counter,
          transports: (credential.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
          aaguid: info.aaguid && info.aaguid !== NO_AAGUID ? info.aaguid : null,
          rpId: challenge.rp_id,
          backupEligible: info.credentialDeviceType === 'multiDevice',
          backedUp: info.credentialBackedUp,
        },
        MAX_PASSKEYS_PER_USER
      )
    )
    .catch((error) => {
      if (error?.code === '23505') throw authError(422, 'webauthn_credential_exists', 'This credential is already registered')
      throw error
    })
  if (created === 'too_many') throw tooMany()
  const { last_used_at: _unused, ...metadata } = toPasskeyItem(created)
  return metadata
}

export async function authenticationOptions(platform: Platform, req: IncomingMessage) {
  const rp = relyingParty(platform, req)
  // No allowCredentials: the authenticator offers the passkeys it holds for this site.
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_TTL_SECONDS * 1000 })
  const saved = await saveChallenge(platform.db, { kind: 'authentication', userId: null, challenge: options.challenge, rp })
  return { challenge_id: saved.id, options, expires_at: saved.expiresAt }
}

export async function verifyAuthentication(platform: Platform, body: z.output<typeof authenticationVerifyBody>) {
  const credential = readCredential(authenticationCredential, body.credential)
  const challenge = checkFresh(await takeChallenge(platform.db, body.challenge_id, 'authentication', null))
  const passkey = await findPasskeyByCredentialId(platform.db, Buffer.from(credential.id, 'base64url'))
  // GoTrue's answer to a passkey it does not know (its webauthn_credential_not_found code is never sent).
  if (!passkey) throw authError(400, 'webauthn_verification_failed', 'This passkey is not registered here. It may have been removed: sign in another way and add it again.')
  if (passkey.rp_id !== challenge.rp_id) throw verificationFailed(`this passkey was made for ${passkey.rp_id}, not ${challenge.rp_id}`)
  const handle = credential.response.userHandle
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) throw verificationFailed('the passkey does not belong to the account it names')
  let info
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: challenge.rp_id,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: true,
    })
    if (!result.verified) throw new Error('the signature did not verify')
    info = result.authenticationInfo
  } catch (error) {
    throw verificationFailed(reasonOf(error))
  }
  const user = await findUserById(platform.db, passkey.user_id)
  if (!user) throw verificationFailed('the account no longer exists')
  if (user.email && !user.email_confirmed_at) throw authError(403, 'email_not_confirmed', 'Email not confirmed')
  if (user.phone && !user.phone_confirmed_at) throw authError(403, 'phone_not_confirmed', 'Phone not confirmed')
  if (isBanned(user)) throw authError(403, 'user_banned', 'User is banned')
  const newCounter = info.newCounter
  const backedUp = info.credentialBackedUp
  return platform.db.transaction(async (tx) => {
    // Checked again where it is written: of two sign-ins with one counter value, one wins.
    if (!(await recordUse(tx, passkey.id, newCounter, backedUp)))
      throw verificationFailed('the signature counter did not increase (the passkey may have been copied)')
    await tx.query('update users set last_sign_in_at = now() where id = $1', [user.id])
    return issueSession(platform, tx, (await findUserById(tx, user.id))!, { method: 'passkey' })
  })
}
