/**
 * The flag client (SPEC §7): downloads the public flag configuration with its ETag, keeps the one
 * it holds on a 304, and asks again every 420 s (SPEC §9). Failures are logged (SPEC §8 wording)
 * and the configuration held stays in use: flags never break a page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { flagRoutes } from '@/lib/api-types/browser/flags.routes'
import { readFlagConfig } from '@/lib/feature-flags/config-check'
import { useRuntimeConfigQuery } from '../config/config-query'
import { callIfChanged, ResponseError } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { loadFlagConfig, saveFlagConfig, type FlagConfigData } from './flag-config-cache'
import { flagFetchFailure } from './flag-fetch-errors'
import { flagKeys } from './keys'

export type { FlagConfigData } from './flag-config-cache'

/** SPEC §9: the app asks for a new configuration this often. */
export const FLAG_POLL_INTERVAL_MS = 420_000
/** Shorter than the fetch stack's own GET timeout (60 s), so that this one is the one that fires. */
export const FLAG_FETCH_TIMEOUT_MS = 30_000

/** The configuration for `sdkKey`: a new one, or `held` when the server says it is still current (304). */
export async function getFlagConfig({ sdkKey, held }: { sdkKey: string; held?: FlagConfigData }, signal?: AbortSignal): Promise<FlagConfigData> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, FLAG_FETCH_TIMEOUT_MS)
  const abort = () => controller.abort()
  if (signal?.aborted) abort()
  signal?.addEventListener('abort', abort, { once: true })
  try {
    const answer = await callIfChanged(flagRoutes.getFlagConfig, { params: { sdkKey } }, { etag: held?.etag ?? undefined, signal: controller.signal })
    if (answer.notModified) {
      // Only ever asked with a held configuration's ETag; a 304 otherwise is the server's mistake.
      if (!held) throw new ResponseError('a 304 Not Modified for a configuration never received', 304)
      return held
    }
    const config = readFlagConfig(answer.data)
    if (!config) throw new ResponseError('the configuration received is not valid', 502)
    const data = { config, etag: answer.etag }
    saveFlagConfig(sdkKey, data)
    return data
  } catch (error) {
    const failure = flagFetchFailure(error, { timedOut, timeoutMs: FLAG_FETCH_TIMEOUT_MS })
    console[failure.level](failure.message)
    if (timedOut) throw new ResponseError(failure.message, 500, { network: true })
    throw error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

/** The configuration the flag client holds (from the last page load's copy until the first answer). */
export function useFlagConfigQuery(options: QueryOptions<FlagConfigData> = {}) {
  const queryClient = useQueryClient()
  const sdkKey = useRuntimeConfigQuery().data?.featureFlagsSdkKey
  const key = flagKeys.config(sdkKey)
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getFlagConfig({ sdkKey: sdkKey!, held: queryClient.getQueryData<FlagConfigData>(key) }, signal),
    enabled: !!sdkKey, // a server that names no key: flags keep their defaults
    initialData: () => (sdkKey ? loadFlagConfig(sdkKey)?.data : undefined),
    initialDataUpdatedAt: () => (sdkKey ? loadFlagConfig(sdkKey)?.savedAt : undefined),
    staleTime: FLAG_POLL_INTERVAL_MS,
    refetchInterval: FLAG_POLL_INTERVAL_MS,
    ...options,
  })
}
