import { useQuery } from '@tanstack/react-query'
import type { RuntimeConfig } from '@/lib/api-types'
import { get } from '../fetchers'

export const configKeys = { runtime: () => ['config'] as const }

export const getRuntimeConfig = (signal?: AbortSignal) => get<RuntimeConfig>('/config', { signal })

/** How the server runs (platform or self-hosted): read at run time, so it never goes stale. */
export function useRuntimeConfigQuery() {
  return useQuery({ queryKey: configKeys.runtime(), queryFn: ({ signal }) => getRuntimeConfig(signal), staleTime: Infinity })
}
