/**
 * A software authenticator for tests: makes ES256 (P-256) passkeys with node:crypto and answers
 * WebAuthn ceremonies the way a browser plus a platform authenticator would, byte for byte:
 * authenticatorData (rpIdHash, flags, counter, attested credential data with a COSE key), an
 * attestation object of format "none" in CBOR, clientDataJSON with the challenge and origin, and
 * a DER signature over authenticatorData ‖ SHA-256(clientDataJSON).
 *
 * `install()` puts it behind a stubbed `navigator.credentials`, so that auth-js's own
 * registerPasskey() and signInWithPasskey() run their whole ceremony against it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { vi } from 'vitest'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

type Passkey = { id: Buffer; privateKey: KeyObject; rpId: string; userHandle: string; counter: number }

/** The JSON options auth-js receives from the server (base64url strings, as in WebAuthn Level 3). */
type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } }
type RequestOptions = { challenge: string; rpId?: string; allowCredentials?: { id: string }[] }

export type RegistrationJSON = {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; attestationObject: string; transports: string[] }
  clientExtensionResults: Record<string, unknown>
  authenticatorAttachment: 'platform'
}
export type AuthenticationJSON = {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle: string }
  clientExtensionResults: Record<string, unknown>
  authenticatorAttachment: 'platform'
}

export type Overrides = {
  /** The origin written into clientDataJSON (a browser writes the page's). */
  origin?: string
  /** Sign with this counter instead of the next one. */
  counter?: number
  /** Leave out user verification (UV). */
  noUserVerification?: boolean
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ])
  )
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const head = Buffer.alloc(37)
  sha256(rpId).copy(head, 0)
  head.writeUInt8(flags, 32)
  head.writeUInt32BE(counter, 33)
  return attested ? Buffer.concat([head, attested]) : head
}

export class SoftAuthenticator {
  readonly passkeys: Passkey[] = []

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create(): a new passkey for the RP and user the options name. */
  create(options: CreationOptions, overrides: Overrides = {}): RegistrationJSON {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const id = randomBytes(32)
    const passkey: Passkey = { id, privateKey, rpId, userHandle: options.user.id, counter: 0 }
    this.passkeys.push(passkey)
    const length = Buffer.alloc(2)
    length.writeUInt16BE(id.length)
    const attested = Buffer.concat([Buffer.alloc(16) /* aaguid: none */, length, id, coseKey(publicKey)])
    const flags = FLAG_UP | FLAG_AT | (overrides.noUserVerification ? 0 : FLAG_UV)
    const authData = authenticatorData(rpId, flags, passkey.counter, attested)
    const noStatement = new Map<string, never>()
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, never>>([
        ['fmt', 'none'],
        ['attStmt', noStatement],
        ['authData', new Uint8Array(authData)],
      ])
    )
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get(): an assertion by the newest passkey for the RP (or one allowed). */
  get(options: RequestOptions, overrides: Overrides = {}, passkey = this.pick(options)): AuthenticationJSON {
    passkey.counter = overrides.counter ?? passkey.counter + 1
    const flags = FLAG_UP | (overrides.noUserVerification ? 0 : FLAG_UV)
    const authData = authenticatorData(passkey.rpId, flags, passkey.counter)
    const clientData = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false })
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), passkey.privateKey) // DER, as WebAuthn wants
    return {
      id: b64url(passkey.id),
      rawId: b64url(passkey.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  private pick(options: RequestOptions): Passkey {
    const rpId = options.rpId ?? new URL(this.origin).hostname
    const allowed = new Set(options.allowCredentials?.map((c) => c.id) ?? [])
    const candidates = this.passkeys.filter((p) => p.rpId === rpId && (allowed.size === 0 || allowed.has(b64url(p.id))))
    const passkey = candidates.at(-1)
    if (!passkey) throw new DOMException('No passkey for this site', 'NotAllowedError')
    return passkey
  }

  /**
   * Stubs the browser: window, document, PublicKeyCredential (with the Level 3 JSON parsers, so
   * auth-js hands over the options as JSON) and navigator.credentials answering from here.
   * Undo with `vi.unstubAllGlobals()`.
   */
  install() {
    class PublicKeyCredential {
      constructor(private readonly json: RegistrationJSON | AuthenticationJSON) {}
      toJSON() {
        return this.json
      }
      static parseCreationOptionsFromJSON = (options: unknown) => options
      static parseRequestOptionsFromJSON = (options: unknown) => options
    }
    const credentials = {
      create: async ({ publicKey }: { publicKey: CreationOptions }) => new PublicKeyCredential(this.create(publicKey)),
      get: async ({ publicKey }: { publicKey: RequestOptions }) => new PublicKeyCredential(this.get(publicKey)),
    }
    vi.stubGlobal('window', globalThis)
    vi.stubGlobal('document', { addEventListener() {}, removeEventListener() {}, visibilityState: 'visible' })
    vi.stubGlobal('PublicKeyCredential', PublicKeyCredential)
    vi.stubGlobal('navigator', { credentials, userAgent: 'soft-authenticator' })
  }
}
