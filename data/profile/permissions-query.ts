import { useQuery } from '@tanstack/react-query'
import { profileRoutes } from '@/lib/api-types/browser/profile.routes'
import { call } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import type { QueryOptions } from '../query-options'
import { profileKeys } from './keys'

/** Per organization, the actions of the roles policy the caller's role allows (SPEC §6). */
export async function getPermissions(signal?: AbortSignal) {
  return call(profileRoutes.getPermissions, {}, { signal })
}
export type PermissionsData = Awaited<ReturnType<typeof getPermissions>>

/** Fetched on the hosted platform only (SPEC §6): pass `enabled` accordingly. */
export function usePermissionsQuery(options: QueryOptions<PermissionsData> = {}) {
  return useQuery({ queryKey: profileKeys.permissions(), queryFn: ({ signal }) => getPermissions(signal), staleTime: LONG_STALE_TIME, ...options })
}
