/**
 * What the console says when the flag configuration cannot be fetched (SPEC §8). Flags then keep
 * the configuration already held (or their defaults): a failure never reaches the page.
 */
import { isResponseError } from '../fetchers'

export type FlagFetchFailure = { level: 'error' | 'warn'; message: string }

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError'

export function flagFetchFailure(error: unknown, { timedOut, timeoutMs }: { timedOut: boolean; timeoutMs: number }): FlagFetchFailure {
  const keep = 'Flags keep their last known values.'
  if (timedOut)
    return { level: 'error', message: `Feature flags: the request for the configuration timed out after ${timeoutMs} ms. ${keep}` }
  if (isAbort(error)) return { level: 'warn', message: 'Feature flags: the request for the configuration was aborted.' }
  if (isResponseError(error)) {
    if (error.code === 403 || error.code === 404)
      return {
        level: 'error',
        message: `Feature flags: the configuration was refused (HTTP ${error.code}: ${error.message}). Double-check your SDK Key (FEATURE_FLAGS_SDK_KEY on the server, served to the browser in /api/config).`,
      }
    if (error.network) return { level: 'error', message: `Feature flags: the configuration could not be fetched because of a network failure (${error.message}). ${keep}` }
    return { level: 'error', message: `Feature flags: Unexpected HTTP response was received while fetching the configuration: HTTP ${error.code} (${error.message}). ${keep}` }
  }
  return { level: 'error', message: `Feature flags: the configuration could not be read: ${error instanceof Error ? error.message : String(error)}. ${keep}` }
}
