// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { exportJWK, generateKeyPair, jwtVerify, SignJWT } from 'jose'
import type { ControlPlaneDb } from '../db/control-plane'
import { parseConfiguredKeys, SigningKeys } from './signing-keys'

const privateJwk = async (alg: 'ES256' | 'RS256' = 'ES256') => exportJWK((await generateKeyPair(alg, { extractable: true })).privateKey)
/** A key as GoTrue's tooling writes it. */
const gotrueKey = async (kid: string, keyOps: unknown, alg: 'ES256' | 'RS256' = 'ES256') => ({ ...(await privateJwk(alg)), kid, alg, use: 'sig', key_ops: keyOps, ext: true })
const configured = (keys: unknown) => new SigningKeys({} as ControlPlaneDb, 60, JSON.stringify(keys))

describe('JWT_SIGNING_KEYS', () => {
  it('takes a JWK set whose first key signs', async () => {
    const keys = configured({ keys: [{ ...(await privateJwk()), kid: 'a' }, { ...(await privateJwk()), kid: 'b' }] })
    await keys.init()
    expect((await keys.signer()).kid).toBe('a')
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual(['a', 'b'])
  })

  it("takes GoTrue's array, where key_ops names the signer, ES256 and RS256 alike", async () => {
    for (const alg of ['ES256', 'RS256'] as const) {
      const keys = configured([await gotrueKey('old', ['verify'], alg), await gotrueKey('new', ['sign', 'verify'], alg)])
      await keys.init()
      const signer = await keys.signer()
      expect(signer.kid).toBe('new')
      const token = await new SignJWT({ sub: 'u' }).setProtectedHeader({ alg, kid: 'new' }).sign(signer.privateKey)
      await expect(jwtVerify(token, (await keys.find('new'))!.publicKey)).resolves.toBeTruthy()
      // A token another GoTrue signed with the key that now only verifies is still trusted.
      expect(await keys.find('old')).toBeTruthy()
      expect(keys.jwks().keys).toEqual([
        expect.objectContaining({ kid: 'new', use: 'sig', key_ops: ['verify'] }),
        expect.objectContaining({ kid: 'old', use: 'sig', key_ops: ['verify'] }),
      ])
      expect(JSON.stringify(keys.jwks())).not.toMatch(/"(d|p|q|ext)"/)
    }
  })

  it('takes a key that only verifies without its private part', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true })
    const keys = configured([await gotrueKey('signs', ['sign', 'verify']), { ...(await exportJWK(publicKey)), kid: 'public', alg: 'ES256', key_ops: ['verify'] }])
    await keys.init()
    expect((await keys.signer()).kid).toBe('signs')
    expect(keys.jwks().keys.map((k) => k.kid)).toEqual(['signs', 'public'])
  })

  it.each([
    ['no key that signs', async () => [await gotrueKey('a', ['verify']), await gotrueKey('b', ['verify'])], /no key signs/],
    ['two keys that sign', async () => [await gotrueKey('a', ['sign', 'verify']), await gotrueKey('b', ['sign'])], /only one key may sign, but a, b/],
    ['an operation that is not sign or verify', async () => [await gotrueKey('a', ['sign', 'encrypt'])], /key_ops \["sign","encrypt"\]/],
    ['key_ops that is not a list', async () => [await gotrueKey('a', 'sign')], /key_ops "sign"/],
    ['use other than sig', async () => [{ ...(await gotrueKey('a', ['sign'])), use: 'enc' }], /use "enc"/],
    ['a shared secret', async () => [{ kty: 'oct', k: 'c2VjcmV0', kid: 'hs', alg: 'HS256', key_ops: ['sign', 'verify'] }], /JWT_SECRET/],
    ['a signer without its private part', async () => [{ ...(await gotrueKey('a', ['sign', 'verify'])), d: undefined }], /no private part/],
    ['the same kid twice', async () => [await gotrueKey('a', ['sign', 'verify']), await gotrueKey('a', ['verify'])], /same kid/],
    ['an empty array', async () => [], /at least one key/],
  ])('refuses %s, saying why', async (_, keys, message) => {
    const value = JSON.stringify(await keys())
    expect(() => parseConfiguredKeys(value)).toThrow(message)
  })
})
