import { useQuery } from '@tanstack/react-query'
import { organizationRoutes } from '@/lib/api-types/browser/organizations.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { organizationKeys } from './keys'

/** The invitation behind a /join link, as the invited person sees it. */
export async function getInvitation({ token }: { token: string }, signal?: AbortSignal) {
  return call(organizationRoutes.getInvitation, { params: { token } }, { signal })
}
export type InvitationData = Awaited<ReturnType<typeof getInvitation>>

export function useInvitationQuery({ token }: { token?: string }, { enabled = true, ...options }: QueryOptions<InvitationData> = {}) {
  return useQuery({
    queryKey: organizationKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation({ token: token! }, signal),
    enabled: enabled !== false && token !== undefined,
    ...options,
  })
}
