import { useQuery } from '@tanstack/react-query'
import { routes } from '@/lib/api-types'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { flagKeys } from './keys'

/** Every flag as the platform evaluates it for the signed-in user (SPEC §7: GET {platform-api}/telemetry/feature-flags). */
export async function getFeatureFlags(signal?: AbortSignal) {
  return call(routes.getFeatureFlags, {}, { signal })
}
export type FeatureFlagsData = Awaited<ReturnType<typeof getFeatureFlags>>

export function useFeatureFlagsQuery(options: QueryOptions<FeatureFlagsData> = {}) {
  return useQuery({ queryKey: flagKeys.evaluated(), queryFn: ({ signal }) => getFeatureFlags(signal), ...options })
}
