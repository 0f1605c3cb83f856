import { useQuery } from '@tanstack/react-query'
import { authRoutes } from '@/lib/api-types/browser/auth.routes'
import { call } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import type { QueryOptions } from '../query-options'
import { authKeys } from './keys'

/** The auth service's public settings: which sign-in methods and OAuth providers are on. */
export async function getAuthSettings(signal?: AbortSignal) {
  return call(authRoutes.authSettings, {}, { signal })
}
export type AuthSettingsData = Awaited<ReturnType<typeof getAuthSettings>>

export function useAuthSettingsQuery(options: QueryOptions<AuthSettingsData> = {}) {
  // Configuration, not data: it changes when the platform restarts, not while a page is open.
  return useQuery({ queryKey: authKeys.settings(), queryFn: ({ signal }) => getAuthSettings(signal), staleTime: LONG_STALE_TIME, ...options })
}
