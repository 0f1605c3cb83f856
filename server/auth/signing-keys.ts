/**
 * The asymmetric keys that sign access tokens (ES256), kept in the control plane so that every
 * app instance signs and verifies alike; generated on first start, or given by configuration
 * (JWT_SIGNING_KEYS, a JWK set of private keys: the first signs). Rotating makes a new key the
 * signer and retires the old one, which stays published at /auth/v1/.well-known/jwks.json and
 * trusted until every token it signed has expired.
 */
import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose'
import { detached, type ControlPlaneDb } from '../db/control-plane'

export const SIGNING_ALG = 'ES256'

type KeyRow = { kid: string; alg: string; private_jwk: JWK; public_jwk: JWK; created_at: Date | string; retired_at: Date | string | null }

export type SigningKey = { kid: string; alg: string; privateKey: CryptoKey; publicKey: CryptoKey; publicJwk: JWK; retiredAt: number | null }

async function toSigningKey(row: KeyRow): Promise<SigningKey> {
  return {
    kid: row.kid,
    alg: row.alg,
    privateKey: (await importJWK(row.private_jwk, row.alg)) as CryptoKey,
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

/** The public half of a configured private JWK. */
function publicHalf(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, key_ops: _ops, ...rest } = jwk
  return { ...rest, key_ops: ['verify'] }
}

function parseConfiguredKeys(raw: string): Omit<KeyRow, 'created_at' | 'retired_at'>[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Error('JWT_SIGNING_KEYS must be a JSON Web Key Set: {"keys": [ … ]}')
  }
  const keys = (parsed as { keys?: unknown })?.keys
  if (!Array.isArray(keys) || keys.length === 0) throw new Error('JWT_SIGNING_KEYS must hold at least one key in "keys"')
  return keys.map((key: JWK, i) => {
    if (!key.d) throw new Error(`JWT_SIGNING_KEYS: key ${i + 1} has no private part ("d")`)
    const alg = key.alg ?? (key.kty === 'RSA' ? 'RS256' : 'ES256')
    if (alg !== 'ES256' && alg !== 'RS256') throw new Error(`JWT_SIGNING_KEYS: key ${i + 1} must be ES256 or RS256, not ${alg}`)
    const kid = key.kid ?? `configured-${i + 1}`
    return { kid, alg, private_jwk: { ...key, kid, alg }, public_jwk: publicHalf({ ...key, kid, alg }) }
  })
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
      this.keys = await Promise.all(parseConfiguredKeys(this.configured).map((row, i) => toSigningKey({ ...row, created_at: new Date(), retired_at: i === 0 ? null : new Date() })))
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
   * tokens are signed inside control-plane transactions, and the embedded control plane runs one
   * query at a time, so waiting here for a query of our own would wait for ever.
   */
  async signer(): Promise<SigningKey> {
    if (Date.now() - this.loadedAt > this.refreshMs && !this.loading)
      detached(() => this.reload()).catch((error) => console.error('Reading the signing keys failed:', error))
    return this.current()
  }

  private current(): SigningKey {
    const key = this.keys.find((k) => k.retiredAt === null)
    if (!key) throw new Error('No signing key is loaded')
    return key
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
