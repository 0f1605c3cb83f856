import { useQuery } from '@tanstack/react-query'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { functionKeys } from './keys'

/** The project's edge functions by name, with their invocations in the last 24 hours. */
export async function getFunctions({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(functionRoutes.listFunctions, { params: { ref: projectRef } }, { signal })
}
export type FunctionsData = Awaited<ReturnType<typeof getFunctions>>

export function useFunctionsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<FunctionsData> = {}) {
  return useQuery({
    queryKey: functionKeys.list(projectRef),
    queryFn: ({ signal }) => getFunctions({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
