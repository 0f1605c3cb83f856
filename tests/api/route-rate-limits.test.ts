// @vitest-environment node
/**
 * The rate limits a route declares, through the whole request pipeline: a request is counted only
 * once its input is valid, and the one over the limit gets 429 with Retry-After in the route's
 * own error format. The client is named by X-Forwarded-For (one trusted proxy).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import type { RateLimits } from '@/server/config'
import { assertUnderLimit, hit } from '@/server/security/rate-limit'

const off = { limit: 0, windowSeconds: 300 }
const only = (overrides: Partial<RateLimits>): RateLimits => ({
  signInPerIp: off,
  signInPerAccount: off,
  signInPerAccountNewAddresses: off,
  signUpPerIp: off,
  tokenRefreshPerIp: off,
  tokenRefreshPerAccount: off,
  otpPerIp: off,
  otpPerAccount: off,
  verifyPerIp: off,
  dashboardPasswordPerIp: off,
  ...overrides,
})

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform({ trustProxyHops: 1, rateLimits: only({ verifyPerIp: { limit: 2, windowSeconds: 300 }, tokenRefreshPerIp: { limit: 2, windowSeconds: 300 } }) })
})
afterAll(async () => tp?.close())

it('answers a malformed request 400 without counting it, and the request over the limit 429 with Retry-After', async () => {
  const check = (body: unknown) => tp.call('POST', '/platform/profile/password-check', { body, from: '198.51.100.21' })
  for (let i = 0; i < 3; i++) expect((await check({ password: 5 })).status).toBe(400)
  expect((await check({ password: 'one' })).status).toBe(200)
  expect((await check({ password: 'two' })).status).toBe(200)
  const refused = await check({ password: 'three' })
  expect(refused.status).toBe(429)
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(refused.body).toMatchObject({ code: 429, message: 'Request rate limit reached' })
  // Another client is counted on its own.
  expect((await tp.call('POST', '/platform/profile/password-check', { body: { password: 'x' }, from: '198.51.100.22' })).status).toBe(200)
})

it('counts a /token refresh only when it names a refresh token, and answers in GoTrue’s words', async () => {
  const refresh = (body: unknown) => tp.call('POST', '/auth/v1/token?grant_type=refresh_token', { body, from: '198.51.100.23' })
  for (let i = 0; i < 3; i++) expect((await refresh({})).body).toMatchObject({ error_code: 'validation_failed', msg: 'refresh_token is required' })
  expect((await refresh({ refresh_token: 'guess-1' })).status).toBe(400)
  expect((await refresh({ refresh_token: 'guess-2' })).status).toBe(400)
  const refused = await refresh({ refresh_token: 'guess-3' })
  expect(refused.status).toBe(429)
  expect(refused.body).toMatchObject({ error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' })
})

describe('around a window’s start', () => {
  const rule = { limit: 5, windowSeconds: 3600 }
  const previousWindow = (bucket: string, key: string, hits: number) =>
    tp.platform.db.query(
      `insert into rate_limit_counters (bucket, key, window_start, hits)
       values ($1, $2, to_timestamp(floor(extract(epoch from now()) / $3) * $3) - make_interval(secs => $3), $4)`,
      [bucket, key, rule.windowSeconds, hits]
    )

  it('counts the previous window too, weighted by what is left of this one: the limit is not had twice at a window’s start', async () => {
    // A flood just before this window began: however far into the hour it is (all but its last
    // 3.6 s), its weight alone is over the limit.
    await previousWindow('test:sliding', 'flooder', 5_000)
    const refused = await hit(tp.platform, 'test:sliding', 'flooder', rule).catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 429 })
    const retryAfter = Number((refused as { headers: Record<string, string> }).headers['Retry-After'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds)
    await expect(assertUnderLimit(tp.platform, 'test:sliding', 'flooder', rule)).rejects.toMatchObject({ status: 429 })
  })

  it('lets the limit through when nothing came before, and refuses the one after', async () => {
    for (let i = 0; i < rule.limit; i++) await hit(tp.platform, 'test:sliding', 'quiet', rule)
    await expect(assertUnderLimit(tp.platform, 'test:sliding', 'quiet', rule)).resolves.toBeUndefined()
    await expect(hit(tp.platform, 'test:sliding', 'quiet', rule)).rejects.toMatchObject({ status: 429 })
    await expect(assertUnderLimit(tp.platform, 'test:sliding', 'quiet', rule)).rejects.toMatchObject({ status: 429 })
  })
})
