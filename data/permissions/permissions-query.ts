import { useQuery } from '@tanstack/react-query'
import type { Permission } from '@/lib/api-types'
import { get } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import { profileKeys } from '../profile/keys'

export const getPermissions = (signal?: AbortSignal) => get<Permission[]>('/platform/profile/permissions', { signal })

/** Permissions exist on the hosted platform only (SPEC §6). */
export function usePermissionsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: profileKeys.permissions(), queryFn: ({ signal }) => getPermissions(signal), staleTime: LONG_STALE_TIME, enabled })
}
