import { exportJWK, generateKeyPair } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signAccessToken, verifyAccessToken } from '../auth/jwt'
import { SigningKeys, type SigningKey } from '../auth/signing-keys'
import type { ControlPlaneDb } from '../db/control-plane'
import { VerifiedTokens } from './verified-tokens'

async function configuredKeys(kid = 'k1') {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const keys = new SigningKeys({} as ControlPlaneDb, 60, JSON.stringify({ keys: [{ ...(await exportJWK(privateKey)), kid, alg: 'ES256' }] }))
  await keys.init()
  return keys
}

const claims = { sub: 'u', email: 'u@example.com', phone: '', role: 'authenticated', aal: 'aal1' as const, amr: [], session_id: 's', is_anonymous: false, app_metadata: {}, user_metadata: {} }
const tokenFrom = async (keys: SigningKeys, ttlSeconds = 60) => (await signAccessToken(keys, claims, { issuer: 'http://localhost/auth/v1', ttlSeconds })).token

/** The keys as verification sees them (find), with a way to drop or reload one; and a count of real checks. */
async function setUp(size?: number) {
  const keys = await configuredKeys()
  const known = new Map<string, SigningKey | undefined>()
  const seen = {
    find: async (kid: string) => (known.has(kid) ? known.get(kid) : keys.find(kid)),
  } as unknown as SigningKeys
  const verify = vi.fn(verifyAccessToken)
  return { keys, known, cache: new VerifiedTokens(seen, size, verify), verify }
}

afterEach(() => vi.useRealTimers())

describe('tokens whose signature was checked', () => {
  it('are checked once, then known by their exact bytes', async () => {
    const { keys, cache, verify } = await setUp()
    const token = await tokenFrom(keys)
    const first = await cache.claims(token)
    expect(first).toMatchObject({ sub: 'u', session_id: 's' })
    expect(await cache.claims(token)).toEqual(first)
    expect(verify).toHaveBeenCalledTimes(1)
    // One character changed in the middle of the signature (never the same character, and never
    // the last one, whose low bits are padding): another token, checked and refused.
    const at = token.length - 10
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1)
    expect(tampered).not.toBe(token)
    expect(await cache.claims(tampered)).toBeNull()
    expect(verify).toHaveBeenCalledTimes(2)
  })

  it('a token that fails its check is not remembered', async () => {
    const { cache, verify } = await setUp()
    const forged = await tokenFrom(await configuredKeys('k1')) // same kid, another key
    expect(await cache.claims(forged)).toBeNull()
    expect(await cache.claims(forged)).toBeNull()
    expect(verify).toHaveBeenCalledTimes(2)
  })

  it('an expired token is refused even when it was checked before', async () => {
    const { keys, cache } = await setUp()
    const token = await tokenFrom(keys, 60)
    expect(await cache.claims(token)).not.toBeNull()
    vi.useFakeTimers({ now: Date.now() + 61_000 })
    expect(await cache.claims(token)).toBeNull()
  })

  it('a key no longer trusted refuses its tokens; a key read again checks them afresh', async () => {
    const { keys, known, cache, verify } = await setUp()
    const token = await tokenFrom(keys)
    await cache.claims(token)
    const key = (await keys.find('k1'))!
    known.set('k1', { ...key }) // the keys were read again: another object
    expect(await cache.claims(token)).not.toBeNull()
    expect(verify).toHaveBeenCalledTimes(2)
    known.set('k1', undefined) // retired past its grace, or removed
    expect(await cache.claims(token)).toBeNull()
  })

  it('keeps a bounded number, forgetting the least recently used', async () => {
    const { keys, cache, verify } = await setUp(2)
    const [a, b, c] = [await tokenFrom(keys, 60), await tokenFrom(keys, 61), await tokenFrom(keys, 62)]
    await cache.claims(a)
    await cache.claims(b)
    await cache.claims(a) // a is now the most recent
    await cache.claims(c) // b is forgotten
    expect(verify).toHaveBeenCalledTimes(3)
    await cache.claims(a)
    expect(verify).toHaveBeenCalledTimes(3)
    await cache.claims(b)
    expect(verify).toHaveBeenCalledTimes(4)
  })
})
