import { useQuery } from '@tanstack/react-query'
import { profileRoutes } from '@/lib/api-types/browser/profile.routes'
import { call } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import type { QueryOptions } from '../query-options'
import { profileKeys } from './keys'

export async function getProfile(signal?: AbortSignal) {
  return call(profileRoutes.getProfile, {}, { signal, headers: { Version: '2' } })
}
export type ProfileData = Awaited<ReturnType<typeof getProfile>>

export function useProfileQuery(options: QueryOptions<ProfileData> = {}) {
  return useQuery({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => getProfile(signal), staleTime: LONG_STALE_TIME, ...options })
}
