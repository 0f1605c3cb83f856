import { useQuery } from '@tanstack/react-query'
import { functionRoutes } from '@/lib/api-types/browser/functions.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { functionKeys } from './keys'

/** The project's secrets: names and each value's sha256, never a value. */
export async function getSecrets({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return call(functionRoutes.listSecrets, { params: { ref: projectRef } }, { signal })
}
export type SecretsData = Awaited<ReturnType<typeof getSecrets>>

export function useSecretsQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<SecretsData> = {}) {
  return useQuery({
    queryKey: functionKeys.secrets(projectRef),
    queryFn: ({ signal }) => getSecrets({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
