import { QueryClient } from '@tanstack/react-query'
import { isResponseError } from './fetchers'

export const DEFAULT_STALE_TIME = 60_000
/** Profile, organizations and permissions change rarely (SPEC §9). */
export const LONG_STALE_TIME = 30 * 60_000
export const PROJECT_DETAIL_STALE_TIME = 30_000
export const MAX_RETRIES = 3

/** SPEC §8: never retry a 4xx (the answer will not change); otherwise up to 3 retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isResponseError(error) && error.code >= 400 && error.code < 500) return false
  return failureCount < MAX_RETRIES
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: DEFAULT_STALE_TIME, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}
