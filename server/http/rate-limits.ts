/**
 * The rate limits a route declares (`rateLimit` in lib/api-types/route.ts), enforced by the handler
 * pipeline once the input is checked and the roles policy allowed the caller, right before the
 * handler. The counters are those of security/rate-limit.ts, shared by every app instance.
 *
 * Limits that are not per request stay calls where they are decided: the password sign-in limits
 * (auth/sign-in-limits.ts: per account, which needs the account looked up), mails and SMS per
 * address (`limitMessages`: only when a message is really sent), a refresh per token owner, the
 * captcha and OAuth starts (only once their own checks passed), a mailed link's check (its 429
 * becomes a redirect) and every limit of a project's own auth service (project-auth/, not routed
 * through the route table).
 */
import type { AnyRoute, RateLimitKey, RateLimitRule, RouteInput, RouteRateLimit } from '@/lib/api-types'
import type { ServerConfig } from '../config'
import type { RateLimit } from '../security/rate-limit-type'
import type { Platform } from '../kernel/platform'
import { accountKey, hit } from '../security/rate-limit'
import { SUPPORT_REQUESTS_PER_HOUR } from '../support/requests'

const OFF: RateLimit = { limit: 0, windowSeconds: 1 }

/** Where each named limit is configured. */
const RULES: Record<RateLimitRule, (config: ServerConfig) => RateLimit> = {
  signInPerIp: (c) => c.rateLimits.signInPerIp,
  signUpPerIp: (c) => c.rateLimits.signUpPerIp,
  tokenRefreshPerIp: (c) => c.rateLimits.tokenRefreshPerIp,
  verifyPerIp: (c) => c.rateLimits.verifyPerIp,
  otpPerIp: (c) => c.rateLimits.otpPerIp,
  telemetryPerIp: (c) => c.telemetry.perIp,
  errorReportsPerIp: (c) => c.telemetry.errorReportsPerIp,
  docsSearchPerIp: (c) => c.docsSearch.perIp,
  // With no model configured the assistant answers 503 (its handler says how to turn it on): no question costs anything to count.
  aiPerUser: (c) => (c.ai.apiKey ? c.ai.perUser : OFF),
  supportRequestsPerUser: () => ({ limit: SUPPORT_REQUESTS_PER_HOUR, windowSeconds: 3600 }),
}

export const ruleFor = (config: ServerConfig, rule: RateLimitRule): RateLimit => RULES[rule](config)

type Input = RouteInput<AnyRoute['params'], AnyRoute['query'], AnyRoute['body']>
type Caller = { ip: string; user: { id: string } | null }

/** The key a request is counted under, or undefined when this limit does not count it. */
export function rateLimitKey(limit: RouteRateLimit<Input>, caller: Caller, input: Input): string | undefined {
  if (limit.when && !limit.when(input)) return undefined
  const key = limit.key as RateLimitKey<Input>
  if (key === 'ip') return caller.ip
  if (key === 'user') {
    // route() refuses a per-user limit on a route without a signed-in caller; this is the same rule at run time.
    if (!caller.user) throw new Error('A limit per user on a request without a signed-in caller')
    return caller.user.id
  }
  if (typeof key === 'function') return key(input) || undefined
  const value = (input.body as Record<string, unknown> | undefined)?.[key.body]
  return typeof value === 'string' && value.trim() ? accountKey(value) : undefined
}

/** Counts the request against each of the route's limits in order; the first one over throws the 429. */
export async function enforceRateLimits(platform: Platform, route: AnyRoute, caller: Caller, input: Input): Promise<void> {
  for (const limit of route.rateLimit) {
    const key = rateLimitKey(limit, caller, input)
    if (key !== undefined) await hit(platform, limit.bucket, key, ruleFor(platform.config, limit.rule))
  }
}
