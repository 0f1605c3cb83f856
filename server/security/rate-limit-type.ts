/** One rate limit as the configuration gives it (server/config.ts) and the counters apply it (rate-limit.ts). */
export type RateLimit = {
  /** Requests allowed per window; 0 turns the limit off. */
  limit: number
  windowSeconds: number
}
