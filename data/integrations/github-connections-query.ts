import { useQuery } from '@tanstack/react-query'
import { integrationRoutes } from '@/lib/api-types/browser/integrations.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { integrationKeys } from './keys'

export async function getGithubConnections({ slug }: { slug: string }, signal?: AbortSignal) {
  return call(integrationRoutes.listGithubConnections, { params: { slug } }, { signal })
}
export type GithubConnectionsData = Awaited<ReturnType<typeof getGithubConnections>>

export function useGithubConnectionsQuery({ slug }: { slug?: string }, { enabled = true, ...options }: QueryOptions<GithubConnectionsData> = {}) {
  return useQuery({
    queryKey: integrationKeys.githubConnections(slug),
    queryFn: ({ signal }) => getGithubConnections({ slug: slug! }, signal),
    enabled: enabled !== false && slug !== undefined,
    ...options,
  })
}
