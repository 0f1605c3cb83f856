import { useQuery } from '@tanstack/react-query'
import { extensionRoutes } from '@/lib/api-types/browser/extensions.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { extensionKeys } from './keys'

export type ExtensionsVariables = { projectRef: string }

/** The catalogue merged with what the project's database has, and the project's schemas. */
export async function getExtensions({ projectRef }: ExtensionsVariables, signal?: AbortSignal) {
  return call(extensionRoutes.listExtensions, { params: { ref: projectRef } }, { signal })
}
export type ExtensionsData = Awaited<ReturnType<typeof getExtensions>>

export function useExtensionsQuery({ projectRef }: Partial<ExtensionsVariables>, { enabled = true, ...options }: QueryOptions<ExtensionsData> = {}) {
  return useQuery({
    queryKey: extensionKeys.list(projectRef),
    queryFn: ({ signal }) => getExtensions({ projectRef: projectRef! }, signal),
    // Never fetch with a missing variable.
    enabled: enabled !== false && projectRef !== undefined,
    ...options,
  })
}
