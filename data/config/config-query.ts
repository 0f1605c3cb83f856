import { useQuery } from '@tanstack/react-query'
import { serviceRoutes } from '@/lib/api-types/browser/service.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { configKeys } from './keys'

export async function getRuntimeConfig(signal?: AbortSignal) {
  return call(serviceRoutes.getConfig, {}, { signal })
}
export type RuntimeConfigData = Awaited<ReturnType<typeof getRuntimeConfig>>

/** How the server runs (platform or self-hosted): read at run time, so it never goes stale. */
export function useRuntimeConfigQuery(options: QueryOptions<RuntimeConfigData> = {}) {
  return useQuery({ queryKey: configKeys.runtime(), queryFn: ({ signal }) => getRuntimeConfig(signal), staleTime: Infinity, ...options })
}
