/**
 * Passkeys (WebAuthn) of the auth service: what @supabase/auth-js sends to register a passkey and
 * to sign in with one, and what it reads back. Credentials arrive as the browser's JSON form
 * (base64url fields); every field is bounded here, so that the ceremony code only ever sees
 * strings of a sane size and alphabet.
 */
import { z } from 'zod'
import { authSession } from './auth'

/** GoTrue's limit on a passkey's name. */
export const MAX_PASSKEY_NAME_LENGTH = 120

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Bytes as the browser's JSON encodes them; padding tolerated, nothing else. */
const base64url = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be text`) })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`)

const challengeId = z
  .string({ error: (issue) => (issue.input === undefined ? 'challenge_id is required' : 'challenge_id must be text') })
  .min(1, 'challenge_id is required')
  .max(64, 'challenge_id must be a valid UUID')
  .regex(UUID, 'challenge_id must be a valid UUID')

// A credential id is at most 1023 bytes (WebAuthn §5.8.3), 1364 characters in base64url.
const credentialIdField = (label: string) => base64url(label, 1400)
const credentialType = z.literal('public-key', { error: 'credential.type must be public-key' })
const extensionResults = z.record(z.string(), z.unknown()).default({})
const attachment = z.string().max(32).nullish()

export const registrationCredential = z.object({
  id: credentialIdField('credential.id'),
  rawId: credentialIdField('credential.rawId'),
  type: credentialType,
  response: z.object({
    clientDataJSON: base64url('credential.response.clientDataJSON', 8192),
    // With attestation "none" this is small; a certificate chain a security key insists on fits too.
    attestationObject: base64url('credential.response.attestationObject', 32768),
    authenticatorData: base64url('credential.response.authenticatorData', 8192).optional(),
    transports: z.array(z.string().max(32)).max(10, 'credential.response.transports has too many entries').optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('credential.response.publicKey', 4096).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
})

export const authenticationCredential = z.object({
  id: credentialIdField('credential.id'),
  rawId: credentialIdField('credential.rawId'),
  type: credentialType,
  response: z.object({
    clientDataJSON: base64url('credential.response.clientDataJSON', 8192),
    authenticatorData: base64url('credential.response.authenticatorData', 8192),
    signature: base64url('credential.response.signature', 2048),
    // The user handle is at most 64 bytes.
    userHandle: base64url('credential.response.userHandle', 128).nullish(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
})

/** auth-js sends an empty object to ask for registration options. */
export const registrationOptionsBody = z.looseObject({}).optional()
/** Sign-in options carry only the captcha token (not checked: the built-in auth has no captcha). */
export const authenticationOptionsBody = z.object({ gotrue_meta_security: z.looseObject({ captcha_token: z.string().max(4096).nullish() }).nullish() }).optional()

/**
 * The router checks only that a credential is there: its shape (the schemas above) is checked by
 * the ceremony, which answers a malformed one as GoTrue does, 400 webauthn_verification_failed.
 */
const credentialGiven = z.unknown().refine((value) => value !== undefined && value !== null, 'credential is required')
export const registrationVerifyBody = z.object({ challenge_id: challengeId, credential: credentialGiven })
export const authenticationVerifyBody = z.object({ challenge_id: challengeId, credential: credentialGiven })

export const passkeyParams = z.object({ passkeyId: z.string().max(64) })
export const adminPasskeyUserParams = z.object({ userId: z.string().max(64) })
export const adminPasskeyParams = adminPasskeyUserParams.extend(passkeyParams.shape)

export const passkeyUpdateBody = z.object({
  friendly_name: z
    .string({ error: (issue) => (issue.input === undefined ? 'friendly_name is required' : 'friendly_name must be text') })
    .trim()
    .min(1, 'friendly_name is required')
    .max(MAX_PASSKEY_NAME_LENGTH, `friendly_name must be ${MAX_PASSKEY_NAME_LENGTH} characters or less`)
    .regex(/^[^\p{Cc}]*$/u, 'friendly_name must not contain control characters'),
})

// The options are answered as @simplewebauthn/server makes them (the schema checks the fields
// auth-js reads; the rest passes untouched).
const creationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.string(), alg: z.number() })),
})
const requestOptions = z.object({ challenge: z.string(), rpId: z.string().optional() })

export const registrationOptionsAnswer = z.object({ challenge_id: z.string(), options: creationOptions, expires_at: z.number() })
export const authenticationOptionsAnswer = z.object({ challenge_id: z.string(), options: requestOptions, expires_at: z.number() })

/** One passkey as GoTrue lists it: no key material, an empty name left out. */
export const passkeyItem = z.object({
  id: z.string(),
  friendly_name: z.string().optional(),
  created_at: z.string(),
  last_used_at: z.string().optional(),
})
export const passkeyList = z.array(passkeyItem)
export const passkeyMetadata = passkeyItem.omit({ last_used_at: true })

/** Signing in with a passkey answers a session, like the password grant. */
export const passkeySessionAnswer = authSession

export type PasskeyItem = z.infer<typeof passkeyItem>
