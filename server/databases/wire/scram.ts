/**
 * SCRAM-SHA-256 (RFC 5802, RFC 7677) as Postgres' server side does it, without channel binding:
 * the listener never sees the password on the wire, and the client checks that the server knew it.
 *
 * A verifier is what a server keeps: salt, iterations, StoredKey and ServerKey. The listener makes
 * one from the project's password (off the main thread, cached by the caller); for a ref it does
 * not know, a decoy derived from a secret of the process and the ref (no PBKDF2: an unknown ref
 * costs no CPU), with a salt that stays the same for that ref, so that the exchange looks the same
 * whether the ref exists or not. Servers get verifiers too (verifierText): ALTER ROLE … PASSWORD
 * then never carries the password itself.
 */
import { createHash, createHmac, pbkdf2, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

export const SCRAM_MECHANISM = 'SCRAM-SHA-256'
/** Postgres' default (scram_iterations). */
export const SCRAM_ITERATIONS = 4096

export type ScramVerifier = { salt: Buffer; iterations: number; storedKey: Buffer; serverKey: Buffer }

const hmac = (key: Buffer, text: string | Buffer) => createHmac('sha256', key).update(text).digest()
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest()

export function makeVerifier(password: string, salt: Buffer = randomBytes(16), iterations = SCRAM_ITERATIONS): ScramVerifier {
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256')
  return { salt, iterations, storedKey: sha256(hmac(salted, 'Client Key')), serverKey: hmac(salted, 'Server Key') }
}

/** makeVerifier in libuv's thread pool: the main thread stays free while PBKDF2 runs. */
export async function makeVerifierAsync(password: string, salt: Buffer = randomBytes(16), iterations = SCRAM_ITERATIONS): Promise<ScramVerifier> {
  const salted = await pbkdf2Async(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256')
  return { salt, iterations, storedKey: sha256(hmac(salted, 'Client Key')), serverKey: hmac(salted, 'Server Key') }
}

/**
 * A verifier for a ref that does not exist: every part derived from `secret` and the ref (the
 * same ref gets the same salt all the process long, like a real one), and no password matches it.
 */
export function decoyVerifier(secret: Buffer, ref: string): ScramVerifier {
  return {
    salt: hmac(secret, `salt\0${ref}`).subarray(0, 16),
    iterations: SCRAM_ITERATIONS,
    storedKey: hmac(secret, `stored\0${ref}`),
    serverKey: hmac(secret, `server\0${ref}`),
  }
}

/** A verifier as Postgres stores it (pg_authid.rolpassword), and accepts in ALTER ROLE … PASSWORD. */
export const verifierText = (v: ScramVerifier) =>
  `${SCRAM_MECHANISM}$${v.iterations}:${v.salt.toString('base64')}$${v.storedKey.toString('base64')}:${v.serverKey.toString('base64')}`

/** The printable characters RFC 5802 allows in a nonce (no comma). */
const NONCE = /^[\x21-\x2b\x2d-\x7e]+$/

export type ClientFirst = { gs2Header: string; bare: string; nonce: string }

/**
 * `n,,n=user,r=nonce`. The user name here is ignored (Postgres takes it from the startup
 * packet; libpq and pg send an empty one or `*`). Channel binding ('p=') is refused: the
 * listener has no TLS to bind to.
 */
export function parseClientFirst(message: string): ClientFirst | { error: string } {
  const match = /^([ny]),(a=[^,]*)?,(.*)$/.exec(message)
  if (!match) return { error: message.startsWith('p=') ? 'channel binding is not supported' : 'malformed SCRAM message' }
  const bare = match[3]
  const attributes = bare.split(',')
  if (!attributes[0]?.startsWith('n=') || !attributes[1]?.startsWith('r=')) return { error: 'malformed SCRAM message' }
  const nonce = attributes[1].slice(2)
  if (!NONCE.test(nonce)) return { error: 'malformed SCRAM message' }
  return { gs2Header: `${match[1]},${match[2] ?? ''},`, bare, nonce }
}

export function serverFirst(client: ClientFirst, verifier: ScramVerifier, serverNonce = randomBytes(18).toString('base64')): { message: string; nonce: string } {
  const nonce = client.nonce + serverNonce
  return { message: `r=${nonce},s=${verifier.salt.toString('base64')},i=${verifier.iterations}`, nonce }
}

/**
 * Checks `c=…,r=…,p=proof`: the channel-binding echo, the combined nonce, and the proof against
 * the verifier. Answers the server-final message on success, null otherwise.
 */
export function verifyClientFinal(message: string, exchange: { client: ClientFirst; serverFirst: string; nonce: string }, verifier: ScramVerifier): string | null {
  const proofAt = message.lastIndexOf(',p=')
  if (proofAt === -1) return null
  const withoutProof = message.slice(0, proofAt)
  const [binding, nonce] = withoutProof.split(',')
  if (binding !== `c=${Buffer.from(exchange.client.gs2Header).toString('base64')}` || nonce !== `r=${exchange.nonce}`) return null
  const proof = Buffer.from(message.slice(proofAt + 3), 'base64')
  if (proof.length !== 32) return null
  const authMessage = `${exchange.client.bare},${exchange.serverFirst},${withoutProof}`
  const clientSignature = hmac(verifier.storedKey, authMessage)
  const clientKey = Buffer.alloc(32)
  for (let i = 0; i < 32; i++) clientKey[i] = proof[i] ^ clientSignature[i]
  if (!timingSafeEqual(sha256(clientKey), verifier.storedKey)) return null
  return `v=${hmac(verifier.serverKey, authMessage).toString('base64')}`
}

/** What a client computes: for tests, and the reason the formulas above are right. */
export function clientProof(password: string, salt: Buffer, iterations: number, authMessage: string): string {
  const salted = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256')
  const clientKey = hmac(salted, 'Client Key')
  const signature = hmac(sha256(clientKey), authMessage)
  return Buffer.from(clientKey.map((b, i) => b ^ signature[i])).toString('base64')
}
