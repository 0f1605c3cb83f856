import { useQuery } from '@tanstack/react-query'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { ResponseError } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { authKeys } from './keys'

/** The signed-in user's MFA factors, read fresh from the auth service (GET /auth/v1/user). */
export async function getMfaFactors() {
  const { data, error } = await getGoTrueClient().mfa.listFactors()
  if (error) throw new ResponseError(error.message, error.status ?? 500)
  return data.all
}
export type MfaFactorsData = Awaited<ReturnType<typeof getMfaFactors>>

export function useMfaFactorsQuery(options: QueryOptions<MfaFactorsData> = {}) {
  return useQuery({ queryKey: authKeys.factors(), queryFn: getMfaFactors, ...options })
}
