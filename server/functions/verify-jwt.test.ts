import { jwtVerify, SignJWT } from 'jose'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { signedWithSecret } from './verify-jwt'

vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>()
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) }
})

const SECRET = 'a project secret of at least thirty-two characters'
const sign = (secret: string, expiresAt: number) => new SignJWT({ role: 'authenticated' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(expiresAt).sign(new TextEncoder().encode(secret))
const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s

afterEach(() => {
  vi.useRealTimers()
})

describe('verify_jwt', () => {
  it("passes a token signed with the project's secret, and again from memory", async () => {
    const token = await sign(SECRET, inSeconds(600))
    vi.mocked(jwtVerify).mockClear()
    expect(await signedWithSecret(token, SECRET)).toBe(true)
    expect(await signedWithSecret(token, SECRET)).toBe(true)
    expect(jwtVerify).toHaveBeenCalledTimes(1)
  })

  it('refuses a token signed with another secret, a forged one, and garbage', async () => {
    const other = await sign('another secret of at least thirty-two characters', inSeconds(600))
    expect(await signedWithSecret(other, SECRET)).toBe(false)
    const good = await sign(SECRET, inSeconds(600))
    expect(await signedWithSecret(`${good.slice(0, -3)}abc`, SECRET)).toBe(false)
    expect(await signedWithSecret('not-a-token', SECRET)).toBe(false)
  })

  it('refuses a token that passed once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const token = await sign(SECRET, inSeconds(60))
    expect(await signedWithSecret(token, SECRET)).toBe(true)
    vi.setSystemTime(Date.now() + 61_000)
    expect(await signedWithSecret(token, SECRET)).toBe(false)
  })

  it('checks a token that passed afresh once the secret was rotated', async () => {
    const token = await sign(SECRET, inSeconds(600))
    expect(await signedWithSecret(token, SECRET)).toBe(true)
    expect(await signedWithSecret(token, 'the rotated secret, also thirty-two characters')).toBe(false)
  })
})
