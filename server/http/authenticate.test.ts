import type { IncomingMessage } from 'node:http'
import { route } from '@/lib/api-types'
import { z } from 'zod'
import type { Platform } from '../kernel/platform'
import { exportJWK, generateKeyPair } from 'jose'
import { signAccessToken, signServiceToken } from '../auth/jwt'
import { SigningKeys } from '../auth/signing-keys'
import type { ControlPlaneDb } from '../db/control-plane'
import { authenticate } from './authenticate'

const secret = new TextEncoder().encode('a test secret that signs every token here')
const platform = { jwtSecret: secret, config: { isPlatform: true } } as unknown as Platform

async function userToken() {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const keys = new SigningKeys({} as ControlPlaneDb, 60, JSON.stringify({ keys: [{ ...(await exportJWK(privateKey)), kid: 'k1', alg: 'ES256' }] }))
  await keys.init()
  const claims = { sub: 'u', email: 'u@example.com', phone: '', role: 'authenticated', aal: 'aal1' as const, amr: [], session_id: 's', is_anonymous: false, app_metadata: {}, user_metadata: {} }
  return (await signAccessToken(keys, claims, { issuer: 'http://localhost/auth/v1', ttlSeconds: 60 })).token
}
const request = (token?: string) => ({ headers: token ? { authorization: `Bearer ${token}` } : {} }) as IncomingMessage
const serviceRoute = route({ method: 'GET', path: '/platform/internal/thing', auth: 'service', answer: z.unknown() })

describe('routes for the service role', () => {
  it('accept a service-role token', async () => {
    expect(await authenticate(platform, request(await signServiceToken(secret, 60)), serviceRoute)).toBeNull()
  })

  it("refuse no token, a user's token, and a token signed with another secret", async () => {
    await expect(authenticate(platform, request(), serviceRoute)).rejects.toMatchObject({ status: 401 })
    await expect(authenticate(platform, request(await userToken()), serviceRoute)).rejects.toMatchObject({ status: 403 })
    const forged = await signServiceToken(new TextEncoder().encode('someone else'), 60)
    await expect(authenticate(platform, request(forged), serviceRoute)).rejects.toMatchObject({ status: 403 })
  })
})

it('a route that says nothing about its caller needs a signed-in user', async () => {
  const plain = route({ method: 'GET', path: '/platform/anything', answer: z.unknown() })
  expect(plain.auth).toBe('user')
  await expect(authenticate(platform, request(), plain)).rejects.toMatchObject({ status: 401 })
})
