import { useQuery } from '@tanstack/react-query'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { ResponseError } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { authKeys } from './keys'

/** The identities the signed-in user can sign in with, read fresh from the auth service (GET /auth/v1/user). */
export async function getUserIdentities() {
  const { data, error } = await getGoTrueClient().getUserIdentities()
  if (error) throw new ResponseError(error.message, error.status ?? 500)
  return data.identities
}
export type UserIdentitiesData = Awaited<ReturnType<typeof getUserIdentities>>
export type UserIdentity = UserIdentitiesData[number]

export function useUserIdentitiesQuery(options: QueryOptions<UserIdentitiesData> = {}) {
  return useQuery({ queryKey: authKeys.identities(), queryFn: getUserIdentities, ...options })
}
