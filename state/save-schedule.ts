import { isResponseError } from '@/data/fetchers'

/** Idle time after the last keystroke before a save is sent. */
export const AUTOSAVE_DEBOUNCE_MS = 1_000

const RETRY_BASE_MS = 2_000
const RETRY_MAX_MS = 60_000

/** Wait before retry number `attempt` (1 for the first): 2 s, 4 s, 8 s … at most a minute. */
export function retryDelayMs(attempt: number): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 10))
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS)
}

/**
 * Whether trying the same save again may succeed: the network failed (the fetch stack reports it
 * as a 500), the server had a fault (5xx), or asked to slow down (408, 429). A 4xx refusal is a
 * decision that a retry would not change.
 */
export function isRetryableSaveError(error: unknown): boolean {
  if (!isResponseError(error)) return true
  return error.code >= 500 || error.code === 0 || error.code === 408 || error.code === 429
}
