// @vitest-environment node
/**
 * Guessing TOTP codes: a caller who knows the password and rotates client addresses (so that the
 * per-address limit never trips) is stopped by the counts kept on the challenge and the factor.
 * On embedded PGlite with one app instance, and on PostgreSQL with two instances taking turns.
 */
import os from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Secret, TOTP } from 'otpauth'
import { decodeJwt } from 'jose'
import { startTestPlatform, startTwoInstances, testConfig, type TestPlatform } from '../../helpers/test-platform'
import { pgClusterAvailable } from '../../helpers/pg-cluster'
import type { ServerConfig } from '@/server/config'
import { authClient, newEmail, STRONG } from './auth-client'

const LOCK_SECONDS = 900

/** Behind one proxy, with the per-address verify limit on: each address may try 3 codes. */
const guarded = (): Partial<ServerConfig> => {
  const base = testConfig(os.tmpdir())
  return {
    trustProxyHops: 1,
    rateLimits: { ...base.rateLimits, verifyPerIp: { limit: 3, windowSeconds: 300 } },
    auth: { ...base.auth, mfa: { challengeMaxAttempts: 5, factorMaxFailures: 10, factorLockSeconds: LOCK_SECONDS } },
  }
}

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 })
/** The code of the next 30 s step: accepted now, and never used before in these tests. */
const rightCode = (secret: string) => totpOf(secret).generate({ timestamp: Date.now() + 30_000 })
/** A code that is none of those accepted around now. */
function wrongCode(secret: string, i: number): string {
  const accepted = [-1, 0, 1, 2].map((s) => totpOf(secret).generate({ timestamp: Date.now() + s * 30_000 }))
  for (let n = i * 7919; ; n++) {
    const code = String(n % 1_000_000).padStart(6, '0')
    if (!accepted.includes(code)) return code
  }
}

let address = 0
/** A POST to the auth service from a new client address every time. */
function fromNewAddress(tp: TestPlatform, path: string, token: string, body: unknown) {
  return tp.call('POST', `/auth/v1${path}`, { token, body, from: `198.51.100.${++address % 250}` })
}

/** Runs the whole guessing story; `instances` take turns answering. */
async function guessingStory(instances: TestPlatform[]) {
  const at = (i: number) => instances[i % instances.length]
  // The owner sets up an authenticator app.
  const email = newEmail('guessed')
  const owner = authClient(at(0))
  await owner.signUp({ email, password: STRONG })
  const { id: factorId, totp } = (await owner.mfa.enroll({ factorType: 'totp' })).data as { id: string; totp: { secret: string } }
  expect((await owner.mfa.challengeAndVerify({ factorId, code: totpOf(totp.secret).generate() })).error).toBeNull()

  // Someone with the password (aal1) guesses codes from ever new addresses.
  const attacker = authClient(at(1))
  const token = (await attacker.signInWithPassword({ email, password: STRONG })).data.session!.access_token
  const challenge = async (i: number) => fromNewAddress(at(i), `/factors/${factorId}/challenge`, token, {})
  const verify = (i: number, challengeId: string, code: string) => fromNewAddress(at(i), `/factors/${factorId}/verify`, token, { challenge_id: challengeId, code })

  const first = (await challenge(0)).body.id as string
  for (let i = 0; i < 5; i++) {
    const guess = await verify(i, first, wrongCode(totp.secret, i))
    expect(guess.status).toBe(422)
    expect(guess.body.error_code).toBe('mfa_verification_failed')
  }
  // Five wrong codes killed the challenge: even the right code is refused on it.
  const late = await verify(5, first, rightCode(totp.secret))
  expect(late.status).toBe(422)
  expect(late.body).toMatchObject({ error_code: 'mfa_challenge_expired', msg: expect.stringContaining('too many wrong codes') })

  // Ten wrong codes in all lock the factor, even for a challenge that is still alive.
  const second = (await challenge(1)).body.id as string
  for (let i = 0; i < 4; i++) expect((await verify(i, second, wrongCode(totp.secret, 10 + i))).body.error_code).toBe('mfa_verification_failed')
  const third = (await challenge(0)).body.id as string
  expect((await verify(1, second, wrongCode(totp.secret, 20))).body.error_code).toBe('mfa_verification_failed')
  const locked = await verify(0, third, rightCode(totp.secret))
  expect(locked.status).toBe(429)
  expect(locked.body.error_code).toBe('over_request_rate_limit')
  const retryAfter = Number(locked.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS)
  const refusedChallenge = await challenge(1)
  expect(refusedChallenge.status).toBe(429)
  expect(refusedChallenge.body.error_code).toBe('over_request_rate_limit')
  const [{ aal }] = await at(0).platform.db.query<{ aal: string }>(`select aal from auth_sessions where id = $1`, [decodeJwt(token).session_id])
  expect(aal).toBe('aal1')

  // Time passes (the lock's end is moved into the past) and the guessing goes on: ten more wrong
  // codes lock the factor again, for twice as long as the first time.
  const lockEnds = () => at(0).platform.db.query(`update auth_mfa_factors set locked_until = now() - interval '1 second' where id = $1`, [factorId])
  const tenWrongCodes = async (from: number) => {
    for (let round = 0; round < 2; round++) {
      const id = (await challenge(round)).body.id as string
      for (let i = 0; i < 5; i++) expect((await verify(i, id, wrongCode(totp.secret, from + round * 5 + i))).body.error_code).toBe('mfa_verification_failed')
    }
    const refused = await challenge(0)
    expect(refused.status).toBe(429)
    return Number(refused.headers.get('retry-after'))
  }
  await lockEnds()
  const secondLock = await tenWrongCodes(30)
  expect(secondLock).toBeGreaterThan(LOCK_SECONDS)
  expect(secondLock).toBeLessThanOrEqual(2 * LOCK_SECONDS)
  // However many locks came before, one lasts a day at most.
  await lockEnds()
  await at(0).platform.db.query(`update auth_mfa_factors set lock_count = 40 where id = $1`, [factorId])
  const longLock = await tenWrongCodes(50)
  expect(longLock).toBeGreaterThan(2 * LOCK_SECONDS)
  expect(longLock).toBeLessThanOrEqual(24 * 60 * 60)

  // The lock ends: a fresh challenge and the right code work.
  await at(0).platform.db.query(`update auth_mfa_factors set locked_until = now() - interval '1 second' where id = $1`, [factorId])
  const fresh = await challenge(0)
  expect(fresh.status).toBe(200)
  const passed = await verify(1, fresh.body.id, rightCode(totp.secret))
  expect(passed.status).toBe(200)
  expect(decodeJwt(passed.body.access_token)).toMatchObject({ aal: 'aal2' })
  // The right code starts the count and the doubling afresh.
  expect(await at(0).platform.db.query(`select failed_attempts, locked_until, lock_count from auth_mfa_factors where id = $1`, [factorId])).toEqual([
    { failed_attempts: 0, locked_until: null, lock_count: 0 },
  ])
}

describe('TOTP guesses from rotating addresses, one instance on embedded PGlite', () => {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await startTestPlatform(guarded())
  })
  afterAll(async () => tp?.close())

  it('a challenge dies after five wrong codes and the factor locks after ten, each lock twice as long as the one before, whatever the address', async () => {
    await guessingStory([tp])
  })
})

describe.runIf(pgClusterAvailable())('TOTP guesses from rotating addresses, two instances sharing PostgreSQL', () => {
  let a: TestPlatform
  let b: TestPlatform
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ a, b, close } = await startTwoInstances(guarded()))
  })
  afterAll(async () => close?.())

  it('counts wrong codes sent to either instance together', async () => {
    await guessingStory([a, b])
  })
})
