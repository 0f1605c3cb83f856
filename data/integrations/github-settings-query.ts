import { useQuery } from '@tanstack/react-query'
import { integrationRoutes } from '@/lib/api-types/browser/integrations.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { integrationKeys } from './keys'

export async function getGithubAppSettings(signal?: AbortSignal) {
  return call(integrationRoutes.getGithubAppSettings, {}, { signal })
}
export type GithubAppSettingsData = Awaited<ReturnType<typeof getGithubAppSettings>>

/** Whether the platform has a GitHub app, and where its pop-up goes. */
export function useGithubAppSettingsQuery(options: QueryOptions<GithubAppSettingsData> = {}) {
  return useQuery({ queryKey: integrationKeys.githubSettings(), queryFn: ({ signal }) => getGithubAppSettings(signal), ...options })
}
