import { useQuery } from '@tanstack/react-query'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import type { QueryOptions } from '../query-options'
import { authKeys } from './keys'
import { passkeyFailure } from './passkey-failure'

/** The signed-in user's passkeys (GET /auth/v1/passkeys): names and dates, no key material. */
export async function getPasskeys() {
  const { data, error } = await getGoTrueClient().passkey.list()
  if (error) throw passkeyFailure(error)
  return data
}
export type PasskeysData = Awaited<ReturnType<typeof getPasskeys>>
export type Passkey = PasskeysData[number]

export function usePasskeysQuery(options: QueryOptions<PasskeysData> = {}) {
  return useQuery({ queryKey: authKeys.passkeys(), queryFn: getPasskeys, ...options })
}
