import { useInfiniteQuery } from '@tanstack/react-query'
import { TELEMETRY_PAGE_DEFAULT } from '@/lib/api-types/telemetry-limits'
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import { call } from '../fetchers'
import { telemetryKeys } from './keys'

/** One page of what was recorded about the signed-in user, newest first. */
export async function getMyTelemetry({ cursor, limit = TELEMETRY_PAGE_DEFAULT }: { cursor?: string; limit?: number } = {}, signal?: AbortSignal) {
  return call(telemetryRoutes.listMyTelemetry, { query: { limit, cursor } }, { signal })
}
export type MyTelemetryData = Awaited<ReturnType<typeof getMyTelemetry>>

/** Pages of the user's telemetry; `fetchNextPage` reads older rows. */
export function useMyTelemetryQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: telemetryKeys.mine(),
    queryFn: ({ pageParam, signal }) => getMyTelemetry({ cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    enabled,
  })
}
