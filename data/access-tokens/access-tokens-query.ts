import { useQuery } from '@tanstack/react-query'
import { accessTokenRoutes } from '@/lib/api-types/browser/access-tokens.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { accessTokenKeys } from './keys'

export async function getAccessTokens(signal?: AbortSignal) {
  return call(accessTokenRoutes.listAccessTokens, {}, { signal })
}
export type AccessTokensData = Awaited<ReturnType<typeof getAccessTokens>>

export function useAccessTokensQuery(options: QueryOptions<AccessTokensData> = {}) {
  return useQuery({ queryKey: accessTokenKeys.list(), queryFn: ({ signal }) => getAccessTokens(signal), ...options })
}
