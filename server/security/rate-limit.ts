/**
 * Counters that stop brute force and floods, kept in the control plane so that every app instance
 * counts together. Fixed windows: a counter per (limit, key, window start); the request that goes
 * over the limit gets 429 with Retry-After (GoTrue's `over_request_rate_limit` on the auth service).
 */
import { createHash } from 'node:crypto'
import type { Platform } from '../platform-type'
import type { RateLimit } from '../config'
import { PlatformError } from '../http/errors'

/** Keys that name a person (an email) are stored hashed. */
export const accountKey = (value: string) => createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32)

class RateLimitedError extends PlatformError {
  constructor(retryAfterSeconds: number) {
    super(
      429,
      'Request rate limit reached',
      { error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' },
      { 'Retry-After': String(retryAfterSeconds) }
    )
  }
}

/** Counts one request against `rule` for `key`; throws RateLimitedError when it is one too many. */
export async function hit(platform: Platform, bucket: string, key: string, rule: RateLimit): Promise<void> {
  if (rule.limit === 0) return
  const [row] = await platform.db.query<{ hits: number; retry_after: number }>(
    `with w as (select to_timestamp(floor(extract(epoch from now()) / $3) * $3) as start)
     insert into rate_limit_counters (bucket, key, window_start, hits)
     select $1, $2, w.start, 1 from w
     on conflict (bucket, key, window_start) do update set hits = rate_limit_counters.hits + 1
     returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $3) - now())))::int as retry_after`,
    [bucket, key, rule.windowSeconds]
  )
  if (row.hits > rule.limit) throw new RateLimitedError(Math.max(1, row.retry_after))
}

/** Throws RateLimitedError when `key` is already over `rule` in this window, without counting this request. */
export async function assertUnderLimit(platform: Platform, bucket: string, key: string, rule: RateLimit): Promise<void> {
  if (rule.limit === 0) return
  const [row] = await platform.db.query<{ hits: number; retry_after: number }>(
    `select hits, ceil(extract(epoch from (window_start + make_interval(secs => $3) - now())))::int as retry_after
     from rate_limit_counters where bucket = $1 and key = $2 and window_start = to_timestamp(floor(extract(epoch from now()) / $3) * $3)`,
    [bucket, key, rule.windowSeconds]
  )
  if (row && row.hits > rule.limit) throw new RateLimitedError(Math.max(1, row.retry_after))
}

/** Drops counters of windows long gone (run by the scheduler). */
export async function pruneRateLimits(platform: Platform) {
  await platform.db.query(`delete from rate_limit_counters where window_start < now() - interval '1 day'`)
  // Addresses an owner signed in from are exempt from the per-account limit for 30 days (auth/sign-in-limits.ts).
  await platform.db.query(`delete from auth_sign_in_addresses where last_sign_in_at < now() - interval '30 days'`)
  await platform.db.query(`delete from project_auth_sign_in_addresses where last_sign_in_at < now() - interval '30 days'`)
}
