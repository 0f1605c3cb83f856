import { useQuery } from '@tanstack/react-query'
import { serviceRoutes } from '@/lib/api-types/browser/service.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { utcTimeKeys } from './keys'

/**
 * The server's clock (GET /api/get-utc-time) and this browser's at the same moment: the local time
 * is taken halfway through the request, so a slow answer does not count as a skew.
 */
export async function getServerClock(signal?: AbortSignal) {
  const sentAt = Date.now()
  const { utcTime } = await call(serviceRoutes.getUtcTime, {}, { signal })
  return { utcTime, localTime: (sentAt + Date.now()) / 2 }
}
export type ServerClockData = Awaited<ReturnType<typeof getServerClock>>

export function useServerClockQuery(options: QueryOptions<ServerClockData> = {}) {
  return useQuery({ queryKey: utcTimeKeys.clock(), queryFn: ({ signal }) => getServerClock(signal), ...options })
}
