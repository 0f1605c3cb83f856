// @vitest-environment node
/**
 * Brute force and account enumeration: password sign-ins are counted per IP, per (IP, account) and
 * per account from addresses new to it; sign-ups and refreshes per IP and account. Counters live in
 * the control plane, so two app instances sharing it count together; an unknown email costs the
 * same password hashing as a wrong password.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, startTwoInstances, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable } from '../helpers/pg-cluster'
import type { RateLimits } from '@/server/config'

// Counts the password checks the auth service makes (the library itself is left as it is).
const argon = vi.hoisted(() => ({ verifies: 0 }))
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>()
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifies++
      return real.verify(...args)
    },
  }
})

const off = { limit: 0, windowSeconds: 300 }
const limits = (overrides: Partial<RateLimits>): RateLimits => ({
  signInPerIp: off,
  signInPerAccount: off,
  signInPerAccountNewAddresses: off,
  signUpPerIp: off,
  tokenRefreshPerIp: off,
  otpPerIp: off,
  otpPerAccount: off,
  verifyPerIp: off,
  tokenRefreshPerAccount: off,
  dashboardPasswordPerIp: off,
  ...overrides,
})
const PASSWORD = 'correct horse battery staple'
const wrongSignIn = (tp: TestPlatform, email: string) =>
  tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: 'not the password' } })

/** A password sign-in from client address `from` (behind one trusted proxy, TRUST_PROXY_HOPS=1). */
async function signInFrom(tp: TestPlatform, from: string, email: string, password: string) {
  const res = await tp.call('POST', '/auth/v1/token?grant_type=password', { from, body: { email, password } })
  return { ...res, retryAfter: Number(res.headers.get('retry-after')) }
}

describe.runIf(pgClusterAvailable())('two app instances sharing one PostgreSQL control plane', () => {
  let a: TestPlatform
  let b: TestPlatform
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ a, b, close } = await startTwoInstances({
      rateLimits: limits({
        signInPerAccount: { limit: 10, windowSeconds: 300 },
        signInPerAccountNewAddresses: { limit: 15, windowSeconds: 300 },
        signInPerIp: { limit: 1000, windowSeconds: 300 },
      }),
    }))
  })
  afterAll(async () => close?.())

  it('throttle one address guessing one account on both instances, and never lock the owner out from another address', async () => {
    const email = `victim-${Date.now()}@example.com`
    await a.signUp(email, PASSWORD)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await signInFrom(i % 2 ? a : b, '203.0.113.7', email, 'not the password')).status)
    expect(statuses).toEqual(Array(10).fill(400))
    const limited = await signInFrom(a, '203.0.113.7', email, 'not the password')
    expect(limited.status).toBe(429)
    expect(limited.body.error_code).toBe('over_request_rate_limit')
    expect(limited.retryAfter).toBeGreaterThan(0)
    // The owner, from their own address, signs in with the right password.
    const owner = await signInFrom(b, '198.51.100.20', email, PASSWORD)
    expect(owner.status).toBe(200)
    expect(owner.body.access_token).toBeTruthy()
    // The guessing address stays throttled, even with the right password, on either instance.
    expect((await signInFrom(b, '203.0.113.7', email, PASSWORD)).status).toBe(429)
    expect((await signInFrom(a, '203.0.113.7', email, 'not the password')).status).toBe(429)
  })

  it('many addresses guessing one account together are throttled, but not an address the owner signed in from before', async () => {
    const email = `spread-${Date.now()}@example.com`
    await a.signUp(email, PASSWORD)
    expect((await signInFrom(a, '198.51.100.30', email, PASSWORD)).status).toBe(200)
    const statuses: number[] = []
    // The owner's first sign-in came from an address new then (1), and 7 new addresses guess twice
    // each (14): 15, the limit for addresses new to this account.
    for (let i = 0; i < 14; i++) statuses.push((await signInFrom(i % 2 ? a : b, `203.0.113.${100 + (i % 7)}`, email, 'not the password')).status)
    expect(statuses).toEqual(Array(14).fill(400))
    // One more address new to the account is refused, even with the right password.
    expect((await signInFrom(a, '203.0.113.200', email, PASSWORD)).status).toBe(429)
    // The owner's known address is not.
    expect((await signInFrom(b, '198.51.100.30', email, PASSWORD)).status).toBe(200)
    // Another account is not affected.
    const other = `bystander-${Date.now()}@example.com`
    await b.signUp(other, PASSWORD)
    expect((await signInFrom(a, '203.0.113.200', other, PASSWORD)).status).toBe(200)
  })
})

describe('client networks: an IPv6 /64 is one address', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform({
      trustProxyHops: 1,
      rateLimits: limits({
        signInPerAccount: { limit: 3, windowSeconds: 300 },
        signInPerAccountNewAddresses: { limit: 5, windowSeconds: 300 },
      }),
    })
  })
  afterAll(async () => tp?.close())

  it('an owner who signed in from 2001:db8:1:2::10 is known when coming from 2001:db8:1:2::99', async () => {
    const email = `privacy-${Date.now()}@example.com`
    await tp.signUp(email, PASSWORD)
    expect((await signInFrom(tp, '2001:db8:1:2::10', email, PASSWORD)).status).toBe(200)
    // With the owner's sign-in (1), four new addresses guessing reach the limit for new addresses (5).
    for (let i = 1; i <= 4; i++) expect((await signInFrom(tp, `203.0.113.${i}`, email, 'not the password')).status).toBe(400)
    expect((await signInFrom(tp, '2001:db8:9:9::1', email, PASSWORD)).status).toBe(429)
    // The owner's privacy address changed within the same /64: still known, still let in.
    const owner = await signInFrom(tp, '2001:db8:1:2::99', email, PASSWORD)
    expect(owner.status).toBe(200)
    expect(owner.body.access_token).toBeTruthy()
  })

  it('a guesser rotating addresses inside one /64 shares one count for the account', async () => {
    const email = `rotated-${Date.now()}@example.com`
    await tp.signUp(email, PASSWORD)
    for (let i = 1; i <= 3; i++) expect((await signInFrom(tp, `2001:db8:5:5::${i}`, email, 'not the password')).status).toBe(400)
    const limited = await signInFrom(tp, '2001:db8:5:5::4', email, 'not the password')
    expect(limited.status).toBe(429)
    expect(limited.body.error_code).toBe('over_request_rate_limit')
  })
})

describe('one instance', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform({
      rateLimits: limits({
        signInPerIp: { limit: 30, windowSeconds: 300 },
        signUpPerIp: { limit: 3, windowSeconds: 3600 },
        tokenRefreshPerIp: { limit: 5, windowSeconds: 300 },
      }),
    })
  })
  afterAll(async () => tp?.close())

  it('limits sign-ups per address', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await tp.call('POST', '/auth/v1/signup', { body: { email: `flood-${i}-${Date.now()}@example.com`, password: PASSWORD } })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('limits password sign-ins per address, across accounts', async () => {
    const statuses = []
    for (let i = 0; i < 31; i++) statuses.push((await wrongSignIn(tp, `spray-${i}@example.com`)).status)
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true)
    expect(statuses[30]).toBe(429)
  })

  it('limits token refreshes per address', async () => {
    const statuses = []
    for (let i = 0; i < 6; i++) statuses.push((await tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: `guess-${i}` } })).status)
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429])
  })
})

describe('account enumeration', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform()
  })
  afterAll(async () => tp?.close())

  it('an unknown email costs the same password check as a wrong password', async () => {
    const email = `known-${Date.now()}@example.com`
    await tp.signUp(email, PASSWORD)
    argon.verifies = 0
    const known = await wrongSignIn(tp, email)
    const afterKnown = argon.verifies
    const unknown = await wrongSignIn(tp, `nobody-${Date.now()}@example.com`)
    expect(known.status).toBe(400)
    expect(unknown.status).toBe(400)
    expect(unknown.body).toEqual({ ...known.body, requestId: unknown.body.requestId })
    expect(afterKnown).toBe(1)
    expect(argon.verifies - afterKnown).toBe(1)
  })
})
