/**
 * The asymmetric keys that sign access tokens (ES256), kept in the control plane so that every
 * app instance signs and verifies alike; generated on first start, or given by configuration
 * (JWT_SIGNING_KEYS, private keys as a JWK set or in GoTrue's format: see parseConfiguredKeys).
 * Rotating makes a new key the signer and retires the old one, which stays published at /auth/v1/.well-known/jwks.json and
 * trusted until every token it signed has expired.
 */
import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose'
import type { ControlPlaneDb } from '../db/control-plane'

export const SIGNING_ALG = 'ES256'

type KeyRow = { kid: string; alg: string; private_jwk: JWK; public_jwk: JWK; created_at: Date | string; retired_at: Date | string | null }

/** retiredAt: null for the signer; Infinity for a configured key that only verifies (trusted while configured). */
export type SigningKey = { kid: string; alg: string; privateKey: CryptoKey | null; publicKey: CryptoKey; publicJwk: JWK; retiredAt: number | null }

async function toSigningKey(row: KeyRow): Promise<SigningKey> {
  return {
    kid: row.kid,
    alg: row.alg,
    // A configured key that only verifies may come without its private part.
    privateKey: row.private_jwk.d ? ((await importJWK(row.private_jwk, row.alg)) as CryptoKey) : null,
    publicKey: (await importJWK(row.public_jwk, row.alg)) as CryptoKey,
    publicJwk: row.public_jwk,
    retiredAt: row.retired_at === null ? null : new Date(row.retired_at).getTime(),
  }
}

async function newKeyRow(): Promise<Omit<KeyRow, 'created_at' | 'retired_at'>> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true })
  const kid = randomUUID()
  const common = { kid, alg: SIGNING_ALG, use: 'sig' }
  return { kid, alg: SIGNING_ALG, private_jwk: { ...(await exportJWK(privateKey)), ...common }, public_jwk: { ...(await exportJWK(publicKey)), ...common, key_ops: ['verify'] } }
}

/** The public half of a configured JWK, published with GoTrue's use and key_ops. */
function publicHalf(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ext: _ext, ...rest } = jwk
  return { ...rest, use: 'sig', key_ops: ['verify'] }
}

type ConfiguredKey = Omit<KeyRow, 'created_at' | 'retired_at'> & { signs: boolean }

const KEY_OPS = new Set(['sign', 'verify'])

/**
 * JWT_SIGNING_KEYS: a JWK set (`{"keys": [ … ]}`) or GoTrue's GOTRUE_JWT_KEYS (a JSON array of
 * JWKs). With key_ops, as GoTrue writes them, the one key whose key_ops holds "sign" signs and the
 * others only verify; without key_ops anywhere, the first key signs. The signer is listed first.
 */
export function parseConfiguredKeys(raw: string): ConfiguredKey[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Error('JWT_SIGNING_KEYS must be JSON: a JSON Web Key Set {"keys": [ … ]} or an array of keys [ … ]')
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown })?.keys
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('JWT_SIGNING_KEYS must hold at least one key ({"keys": [ … ]} or [ … ])')
  const withOps = keys.some((key: JWK) => key?.key_ops !== undefined)
  const read = keys.map((key: JWK, i): ConfiguredKey => {
    const which = `JWT_SIGNING_KEYS: key ${i + 1}`
    if (typeof key !== 'object' || key === null || Array.isArray(key)) throw new Error(`${which} is not a JSON object`)
    if (key.kty === 'oct') throw new Error(`${which} is a shared secret (kty "oct"): give it as JWT_SECRET, and only EC or RSA keys here`)
    if (key.use !== undefined && key.use !== 'sig') throw new Error(`${which} has use "${key.use}": keys that sign tokens have use "sig"`)
    const ops = key.key_ops
    if (ops !== undefined && (!Array.isArray(ops) || ops.length === 0 || ops.some((op) => !KEY_OPS.has(op))))
      throw new Error(`${which} has key_ops ${JSON.stringify(ops)}: use ["sign", "verify"] for the key that signs, ["verify"] for keys that only verify`)
    const alg = key.alg ?? (key.kty === 'RSA' ? 'RS256' : 'ES256')
    if (alg !== 'ES256' && alg !== 'RS256') throw new Error(`${which} must be ES256 or RS256, not ${alg}`)
    const kid = key.kid ?? `configured-${i + 1}`
    const signs = withOps ? !!ops?.includes('sign') : i === 0
    if (signs && !key.d) throw new Error(`${which} signs but has no private part ("d")`)
    // The private part is imported for signing only (WebCrypto refuses "verify" on a private key).
    const { key_ops: _ops, ...privateJwk } = key
    return { kid, alg, signs, private_jwk: { ...privateJwk, kid, alg }, public_jwk: publicHalf({ ...key, kid, alg }) }
  })
  const signers = read.filter((k) => k.signs)
  if (signers.length === 0) throw new Error('JWT_SIGNING_KEYS: no key signs: give the signing key key_ops ["sign", "verify"]')
  if (signers.length > 1) throw new Error(`JWT_SIGNING_KEYS: only one key may sign, but ${signers.map((k) => k.kid).join(', ')} have "sign" in key_ops`)
  const kids = new Set(read.map((k) => k.kid))
  if (kids.size !== read.length) throw new Error('JWT_SIGNING_KEYS: two keys have the same kid')
  return [...signers, ...read.filter((k) => !k.signs)]
}

/** How stale this instance's copy of the keys may get before signing (another one may have rotated). */
export const KEYS_REFRESH_MS = 60_000

export class SigningKeys {
  private keys: SigningKey[] = []
  private loadedAt = 0
  private loading: Promise<void> | null = null

  constructor(
    private readonly db: ControlPlaneDb,
    /** Retired keys are trusted this long after retiring: the longest a token lives. */
    private readonly graceSeconds: number,
    private readonly configured?: string,
    /** How stale this instance's copy may get before it is read again. */
    private readonly refreshMs = KEYS_REFRESH_MS
  ) {}

  /** Loads the keys, creating the first one when there is none. */
  async init(): Promise<void> {
    if (this.configured) {
      const keys = await Promise.all(parseConfiguredKeys(this.configured).map(({ signs: _signs, ...row }) => toSigningKey({ ...row, created_at: new Date(), retired_at: null })))
      // The first signs; the others verify and are published for as long as they are configured.
      this.keys = keys.map((key, i) => (i === 0 ? key : { ...key, retiredAt: Number.POSITIVE_INFINITY }))
      return
    }
    const row = await newKeyRow()
    // Two instances starting at once both try; the table lock lets only the first one insert.
    await this.db.transaction(async (tx) => {
      await tx.query('lock table auth_signing_keys in share row exclusive mode')
      const [current] = await tx.query('select 1 from auth_signing_keys where retired_at is null')
      if (!current)
        await tx.query('insert into auth_signing_keys (kid, alg, private_jwk, public_jwk) values ($1, $2, $3, $4)', [row.kid, row.alg, JSON.stringify(row.private_jwk), JSON.stringify(row.public_jwk)])
    })
    await this.reload()
  }

  /** Reads the keys again (another instance may have rotated). */
  reload(): Promise<void> {
    if (this.configured) return Promise.resolve()
    this.loading ??= (async () => {
      try {
        const rows = await this.db.query<KeyRow>(
          `select kid, alg, private_jwk, public_jwk, created_at, retired_at from auth_signing_keys
           where retired_at is null or retired_at > now() - make_interval(secs => $1)
           order by retired_at is null desc, created_at desc`,
          [this.graceSeconds]
        )
        this.keys = await Promise.all(rows.map(toSigningKey))
        this.loadedAt = Date.now()
      } finally {
        this.loading = null
      }
    })()
    return this.loading
  }

  /**
   * The key that signs new tokens. A stale copy is refreshed in the background, never awaited:
   * tokens are signed inside control-plane transactions, which should not wait on a read of
   * their own.
   */
  async signer(): Promise<SigningKey & { privateKey: CryptoKey }> {
    if (Date.now() - this.loadedAt > this.refreshMs && !this.loading)
      this.reload().catch((error) => console.error('Reading the signing keys failed:', error))
    return this.current()
  }

  private current(): SigningKey & { privateKey: CryptoKey } {
    const key = this.keys.find((k) => k.retiredAt === null)
    if (!key?.privateKey) throw new Error('No signing key is loaded')
    return key as SigningKey & { privateKey: CryptoKey }
  }

  /** The key a token names, reloading once for a kid this instance has not seen yet. */
  async find(kid: string): Promise<SigningKey | undefined> {
    const known = this.keys.find((k) => k.kid === kid)
    if (known) return known
    await this.reload()
    return this.keys.find((k) => k.kid === kid)
  }

  /** The published key set: the signer and the retired keys still within their grace. */
  jwks(): { keys: JWK[] } {
    const horizon = Date.now() - this.graceSeconds * 1000
    return { keys: this.keys.filter((k) => k.retiredAt === null || k.retiredAt > horizon).map((k) => k.publicJwk) }
  }

  /** Makes a new key the signer; the old one keeps verifying until its tokens expire. */
  async rotate(): Promise<{ kid: string }> {
    if (this.configured) throw new Error('Keys given by JWT_SIGNING_KEYS are rotated by changing that setting')
    const row = await newKeyRow()
    await this.db.transaction(async (tx) => {
      await tx.query('lock table auth_signing_keys in share row exclusive mode')
      await tx.query('update auth_signing_keys set retired_at = now() where retired_at is null')
      await tx.query('insert into auth_signing_keys (kid, alg, private_jwk, public_jwk) values ($1, $2, $3, $4)', [row.kid, row.alg, JSON.stringify(row.private_jwk), JSON.stringify(row.public_jwk)])
    })
    await this.reload()
    return { kid: row.kid }
  }
}
