/**
 * A SCRAM-SHA-256 verifier (RFC 5802, RFC 7677) as Postgres stores it (pg_authid.rolpassword):
 * salt, iterations, StoredKey and ServerKey. A project role's password is set as its verifier,
 * so `ALTER ROLE … PASSWORD` never carries the password itself (not in the server's log, nor in
 * pg_stat_activity). PBKDF2 runs in libuv's thread pool, off the main thread.
 */
import { createHash, createHmac, pbkdf2, randomBytes } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

/** Postgres' default (scram_iterations). */
export const SCRAM_ITERATIONS = 4096

export type ScramVerifier = { salt: Buffer; iterations: number; storedKey: Buffer; serverKey: Buffer }

const hmac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest()
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest()

export async function makeVerifierAsync(password: string, salt: Buffer = randomBytes(16), iterations = SCRAM_ITERATIONS): Promise<ScramVerifier> {
  const salted = await pbkdf2Async(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256')
  return { salt, iterations, storedKey: sha256(hmac(salted, 'Client Key')), serverKey: hmac(salted, 'Server Key') }
}

/** The verifier in the text form ALTER ROLE … PASSWORD accepts. */
export const verifierText = (v: ScramVerifier) =>
  `SCRAM-SHA-256$${v.iterations}:${v.salt.toString('base64')}$${v.storedKey.toString('base64')}:${v.serverKey.toString('base64')}`
