/**
 * Counters that stop brute force and floods, kept in the control plane so that every app instance
 * counts together. A counter per (limit, key, window start), the previous window's weighing in
 * (a sliding window, see ESTIMATE); the request that goes over the limit gets 429 with
 * Retry-After (GoTrue's `over_request_rate_limit` on the auth service).
 */
import { createHash } from 'node:crypto'
import type { Platform } from '../kernel/platform'
import type { RateLimit } from '../security/rate-limit-type'
import { PlatformError } from '../kernel/errors'

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

/**
 * The window's count as the limit sees it: this window's hits plus the previous window's, weighted
 * by how much of this window is still to come (a sliding window, estimated from two fixed ones).
 * With fixed windows alone, twice the limit got through around a window's start: the limit's
 * worth at the end of one window and again at the start of the next.
 */
const ESTIMATE = `(c.hits + coalesce(p.hits, 0) * (1 - extract(epoch from (now() - c.window_start))::float8 / $3))::float8 as estimate,
  coalesce(p.hits, 0) as earlier_hits, extract(epoch from (now() - c.window_start))::float8 as elapsed`

type Estimate = { hits: number; estimate: number; earlier_hits: number; elapsed: number }

/** Seconds until a request would be let through again (an estimate: others may count meanwhile). */
function retryAfter(row: Estimate, rule: RateLimit): number {
  // This window alone is over: until it ends.
  if (row.hits > rule.limit) return Math.max(1, Math.ceil(rule.windowSeconds - row.elapsed))
  // Over with the previous window's weight: until that weight has shrunk enough.
  const until = (1 - (rule.limit - row.hits) / row.earlier_hits) * rule.windowSeconds
  return Math.max(1, Math.ceil(until - row.elapsed))
}

/** Counts one request against `rule` for `key`; throws RateLimitedError when it is one too many. */
export async function hit(platform: Platform, bucket: string, key: string, rule: RateLimit): Promise<void> {
  if (rule.limit === 0) return
  const [row] = await platform.db.query<Estimate>(
    `with c as (
       insert into rate_limit_counters (bucket, key, window_start, hits)
       values ($1, $2, to_timestamp(floor(extract(epoch from now()) / $3) * $3), 1)
       on conflict (bucket, key, window_start) do update set hits = rate_limit_counters.hits + 1
       returning hits, window_start)
     select c.hits, ${ESTIMATE}
     from c left join rate_limit_counters p on p.bucket = $1 and p.key = $2 and p.window_start = c.window_start - make_interval(secs => $3)`,
    [bucket, key, rule.windowSeconds]
  )
  if (row.estimate > rule.limit) throw new RateLimitedError(retryAfter(row, rule))
}

/** Throws RateLimitedError when `key` is already over `rule`, without counting this request. */
export async function assertUnderLimit(platform: Platform, bucket: string, key: string, rule: RateLimit): Promise<void> {
  if (rule.limit === 0) return
  const [row] = await platform.db.query<Estimate>(
    `with c as (select coalesce(max(hits), 0) as hits, to_timestamp(floor(extract(epoch from now()) / $3) * $3) as window_start
       from rate_limit_counters where bucket = $1 and key = $2 and window_start = to_timestamp(floor(extract(epoch from now()) / $3) * $3))
     select c.hits, ${ESTIMATE}
     from c left join rate_limit_counters p on p.bucket = $1 and p.key = $2 and p.window_start = c.window_start - make_interval(secs => $3)`,
    [bucket, key, rule.windowSeconds]
  )
  if (row && row.estimate > rule.limit) throw new RateLimitedError(retryAfter(row, rule))
}

/** Drops counters of windows long gone (run by the scheduler). */
export async function pruneRateLimits(platform: Platform) {
  await platform.db.query(`delete from rate_limit_counters where window_start < now() - interval '1 day'`)
  // Addresses an owner signed in from are exempt from the per-account limit for 30 days (auth/sign-in-limits.ts).
  await platform.db.query(`delete from auth_sign_in_addresses where last_sign_in_at < now() - interval '30 days'`)
  await platform.db.query(`delete from project_auth_sign_in_addresses where last_sign_in_at < now() - interval '30 days'`)
}
