// @vitest-environment node
/**
 * A route's declared rate limits: whom each request is counted for (the client, the signed-in
 * user, a body field stored hashed, or a function of the input), which requests a limit skips,
 * and the counters hit in declaration order until the first one over answers 429.
 */
import { z } from 'zod'
import { route, routes, type AnyRoute } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { readConfig, type ServerConfig } from '../config'
import { accountKey } from '../security/rate-limit'
import { isPlatformError } from '../kernel/errors'
import { enforceRateLimits, rateLimitKey, ruleFor } from './rate-limits'

const input = (body: unknown = {}, query: Record<string, unknown> = {}) => ({ params: {}, query, body })
const client = { ip: '203.0.113.7', user: { id: 'user-1' } }

const limited = route({
  method: 'POST',
  path: '/platform/limited',
  body: z.object({ email: z.string().optional(), kind: z.string().optional() }),
  answer: z.unknown(),
  rateLimit: [
    { bucket: 'a:ip', rule: 'verifyPerIp', key: 'ip' },
    { bucket: 'a:user', rule: 'signInPerIp', key: 'user' },
    { bucket: 'a:email', rule: 'otpPerIp', key: { body: 'email' } },
    { bucket: 'a:kind', rule: 'signUpPerIp', key: ({ body }) => body.kind, when: ({ body }) => body.kind !== 'free' },
  ],
})
const [byIp, byUser, byEmail, byKind] = (limited as AnyRoute).rateLimit

describe('the key a request is counted under', () => {
  it('is the client address, the signed-in user, or a function of the input', () => {
    expect(rateLimitKey(byIp, client, input())).toBe('203.0.113.7')
    expect(rateLimitKey(byUser, client, input())).toBe('user-1')
    expect(rateLimitKey(byKind, client, input({ kind: 'x' }))).toBe('x')
  })

  it('is a body field stored hashed, the same for any spelling of the address', () => {
    expect(rateLimitKey(byEmail, client, input({ email: 'Ann@Example.com ' }))).toBe(accountKey('ann@example.com'))
    expect(rateLimitKey(byEmail, client, input({ email: 'ann@example.com' }))).not.toContain('ann')
  })

  it('is none (nothing counted) for a missing or empty field, an empty function answer, or a request `when` leaves out', () => {
    expect(rateLimitKey(byEmail, client, input({}))).toBeUndefined()
    expect(rateLimitKey(byEmail, client, input({ email: '  ' }))).toBeUndefined()
    expect(rateLimitKey(byKind, client, input({}))).toBeUndefined()
    expect(rateLimitKey(byKind, client, input({ kind: 'free' }))).toBeUndefined()
  })

  it('is refused per user on a route without a signed-in caller', () => {
    expect(() => route({ method: 'POST', path: '/x', auth: 'public', answer: z.unknown(), rateLimit: [{ bucket: 'x', rule: 'verifyPerIp', key: 'user' }] })).toThrow(
      'POST /x: a limit per user needs a signed-in caller'
    )
    expect(() => rateLimitKey(byUser, { ip: '203.0.113.7', user: null }, input())).toThrow()
  })

  it('counts /token refreshes and PKCE exchanges only, each once its parameters are there', () => {
    const [refresh, pkce] = (routes.authToken as AnyRoute).rateLimit
    const token = (grant_type: string, body: unknown) => input(body, { grant_type })
    expect(rateLimitKey(refresh, client, token('refresh_token', { refresh_token: 't' }))).toBe('203.0.113.7')
    expect(rateLimitKey(refresh, client, token('refresh_token', {}))).toBeUndefined()
    expect(rateLimitKey(refresh, client, token('password', { refresh_token: 't' }))).toBeUndefined()
    expect(rateLimitKey(pkce, client, token('pkce', { auth_code: 'c', code_verifier: 'v' }))).toBe('203.0.113.7')
    expect(rateLimitKey(pkce, client, token('pkce', { auth_code: 'c' }))).toBeUndefined()
  })
})

describe('the limits named by routes', () => {
  const config = readConfig()

  it('each come from the configuration', () => {
    expect(ruleFor(config, 'verifyPerIp')).toBe(config.rateLimits.verifyPerIp)
    expect(ruleFor(config, 'telemetryPerIp')).toBe(config.telemetry.perIp)
    expect(ruleFor(config, 'docsSearchPerIp')).toBe(config.docsSearch.perIp)
    expect(ruleFor(config, 'supportRequestsPerUser')).toEqual({ limit: 10, windowSeconds: 3600 })
  })

  it('count no AI question while the assistant is off', () => {
    expect(ruleFor({ ...config, ai: { ...config.ai, apiKey: undefined } }, 'aiPerUser').limit).toBe(0)
    expect(ruleFor({ ...config, ai: { ...config.ai, apiKey: 'k' } }, 'aiPerUser')).toBe(config.ai.perUser)
  })

  it('name a limit on every route that counted by hand before', () => {
    const declared = (r: AnyRoute) => r.rateLimit.map((l) => l.bucket)
    expect(declared(routes.sendTelemetryPage)).toEqual(['telemetry'])
    expect(declared(routes.resetTelemetry)).toEqual([])
    expect(declared(routes.reportClientError)).toEqual(['error-reports'])
    expect(declared(routes.searchDocsFullText)).toEqual(declared(routes.searchDocsSemantic))
    expect(declared(routes.authVerify)).toEqual(['verify:ip'])
    expect(declared(routes.authVerifyFactor)).toEqual(['verify:ip'])
    expect(declared(routes.passkeyAuthenticationOptions)).toEqual(['passkey-options:ip'])
    expect(declared(routes.passkeyAuthenticationVerify)).toEqual(['passkey-verify:ip'])
    expect(declared(routes.checkPassword)).toEqual(['password-check:ip'])
    expect(declared(routes.createSupportRequest)).toEqual(['support-requests'])
    expect(declared(routes.aiSql)).toEqual(['ai'])
  })
})

describe('enforcing a route’s limits', () => {
  /** A control plane whose counters answer `hits` for every bucket in `over`, 1 otherwise. */
  function platformWith(limits: Partial<ServerConfig['rateLimits']>, over: Record<string, number> = {}) {
    const counted: unknown[][] = []
    const config = readConfig()
    const platform = {
      config: { ...config, rateLimits: { ...config.rateLimits, ...limits } },
      db: {
        query: async (_sql: string, params: unknown[]) => {
          counted.push(params)
          // 18 s into a 60 s window, nothing in the previous one: Retry-After 42.
          const hits = over[params[0] as string] ?? 1
          return [{ hits, estimate: hits, earlier_hits: 0, elapsed: 18 }]
        },
      },
    } as unknown as Platform
    return { platform, counted }
  }
  const on = (limit: number) => ({ limit, windowSeconds: 60 })

  it('counts the request once per limit, in declaration order, under each key', async () => {
    const { platform, counted } = platformWith({ verifyPerIp: on(5), signInPerIp: on(5), otpPerIp: on(5), signUpPerIp: on(5) })
    await enforceRateLimits(platform, limited, client, input({ email: 'ann@example.com', kind: 'k' }))
    expect(counted).toEqual([
      ['a:ip', '203.0.113.7', 60],
      ['a:user', 'user-1', 60],
      ['a:email', accountKey('ann@example.com'), 60],
      ['a:kind', 'k', 60],
    ])
  })

  it('skips a limit that is off (0) and a request the limit leaves out', async () => {
    const { platform, counted } = platformWith({ verifyPerIp: on(0), signInPerIp: on(5), otpPerIp: on(5), signUpPerIp: on(5) })
    await enforceRateLimits(platform, limited, client, input({ kind: 'free' }))
    expect(counted.map((c) => c[0])).toEqual(['a:user'])
  })

  it('answers the first limit over with 429 and Retry-After, counting nothing after it', async () => {
    const { platform, counted } = platformWith({ verifyPerIp: on(5), signInPerIp: on(5), otpPerIp: on(5), signUpPerIp: on(5) }, { 'a:user': 6 })
    const refused = await enforceRateLimits(platform, limited, client, input({ email: 'ann@example.com' })).catch((e: unknown) => e)
    expect(isPlatformError(refused) && { status: refused.status, message: refused.message, headers: refused.headers, extra: refused.extra }).toEqual({
      status: 429,
      message: 'Request rate limit reached',
      headers: { 'Retry-After': '42' },
      extra: { error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
    })
    expect(counted.map((c) => c[0])).toEqual(['a:ip', 'a:user'])
  })

  it('counts nothing for a route that declares no limit', async () => {
    const { platform, counted } = platformWith({})
    await enforceRateLimits(platform, routes.getProfile, client, input())
    expect(counted).toEqual([])
  })
})
