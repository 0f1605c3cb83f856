import { useQuery } from '@tanstack/react-query'
import { dataApiRoutes } from '@/lib/api-types/browser/data-api.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { apiSettingsKeys } from './keys'

/**
 * The project's URL, its anon key and its data API settings; with `reveal`, also the
 * service_role key (403 for roles without api:service-key:read).
 */
export async function getApiSettings({ projectRef, reveal = false }: { projectRef: string; reveal?: boolean }, signal?: AbortSignal) {
  return call(dataApiRoutes.getApiSettings, { params: { ref: projectRef }, query: reveal ? { reveal: 'true' } : {} }, { signal })
}
export type ApiSettingsData = Awaited<ReturnType<typeof getApiSettings>>

export function useApiSettingsQuery(
  { projectRef, reveal = false }: { projectRef?: string; reveal?: boolean },
  { enabled = true, ...options }: QueryOptions<ApiSettingsData> = {}
) {
  return useQuery({
    queryKey: apiSettingsKeys.detail(projectRef, reveal),
    queryFn: ({ signal }) => getApiSettings({ projectRef: projectRef!, reveal }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    // The revealed answer holds a secret: not kept once nothing shows it, and a refusal is final.
    ...(reveal ? { gcTime: 0, staleTime: 0, retry: false } : {}),
    ...options,
  })
}
