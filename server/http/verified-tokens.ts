/**
 * Access tokens whose signature this instance has already checked. Checking an ES256 signature
 * costs about as much as a control-plane round trip, and a dashboard sends the same token with
 * every request until it is refreshed. What is remembered is only that these exact bytes were
 * signed by a key: still trusted on each use are the expiry (checked again every time) and the key
 * (the same key must still be the one this instance knows under that kid: a key dropped or
 * reloaded means a fresh check). Whether the session behind the token still exists is never
 * remembered: authenticate() asks the control plane on every request, so a sign-out is refused
 * at once by every instance. A token that fails its check is not remembered either, so a forger
 * cannot fill the cache.
 */
import { decodeProtectedHeader } from 'jose'
import { verifyAccessToken, type AccessClaims } from '../auth/jwt'
import type { SigningKeys, SigningKey } from '../auth/signing-keys'

type Entry = { claims: AccessClaims; kid: string; key: SigningKey }

/** Enough for every session active on one instance; the oldest used is forgotten first. */
const DEFAULT_SIZE = 2000

export class VerifiedTokens {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly keys: SigningKeys,
    private readonly size = DEFAULT_SIZE,
    private readonly verify: typeof verifyAccessToken = verifyAccessToken
  ) {}

  /** The token's claims, or null for a token that is malformed, forged, signed by an unknown key or expired. */
  async claims(token: string): Promise<AccessClaims | null> {
    const entry = this.entries.get(token)
    if (entry) {
      this.entries.delete(token)
      // Expired: as jose would say (exp is in seconds; never accepted later than it would).
      if (entry.claims.exp * 1000 <= Date.now()) return null
      const key = await this.keys.find(entry.kid)
      if (!key) return null // its key is trusted no more
      if (key === entry.key) {
        this.entries.set(token, entry) // the most recently used last
        return entry.claims
      }
      // The keys were read again meanwhile: checked afresh.
    }
    const claims = await this.verify(this.keys, token)
    if (!claims) return null
    const { kid } = decodeProtectedHeader(token)
    const key = typeof kid === 'string' ? await this.keys.find(kid) : undefined
    if (typeof kid === 'string' && key) {
      this.entries.set(token, { claims, kid, key })
      if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!)
    }
    return claims
  }
}

const perKeys = new WeakMap<SigningKeys, VerifiedTokens>()

/** The verified tokens of a platform's signing keys (one cache per platform in the process). */
export function verifiedTokens(keys: SigningKeys): VerifiedTokens {
  let cache = perKeys.get(keys)
  if (!cache) perKeys.set(keys, (cache = new VerifiedTokens(keys)))
  return cache
}
