import { useQuery } from '@tanstack/react-query'
import { aiRoutes } from '@/lib/api-types/browser/ai.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { aiKeys } from './keys'

export async function getAiStatus(signal?: AbortSignal) {
  return call(aiRoutes.getAiStatus, {}, { signal })
}
export type AiStatusData = Awaited<ReturnType<typeof getAiStatus>>

/** Whether the server has a model configured for the assistant (it changes only with a restart). */
export function useAiStatusQuery(options: QueryOptions<AiStatusData> = {}) {
  return useQuery({ queryKey: aiKeys.status(), queryFn: ({ signal }) => getAiStatus(signal), staleTime: 5 * 60_000, ...options })
}
