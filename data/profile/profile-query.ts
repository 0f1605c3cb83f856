import { useQuery } from '@tanstack/react-query'
import type { Profile } from '@/lib/api-types'
import { get } from '../fetchers'
import { LONG_STALE_TIME } from '../query-client'
import { profileKeys } from './keys'

export const getProfile = (signal?: AbortSignal) => get<Profile>('/platform/profile', { signal, headers: { Version: '2' } })

export function useProfileQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => getProfile(signal), staleTime: LONG_STALE_TIME, enabled })
}
