import { useQuery } from '@tanstack/react-query'
import { capabilitiesFromRows, CAPABILITIES_SQL } from '@/lib/sql/project-features/capabilities'
import type { QueryOptions } from '../query-options'
import { projectFeatureKeys } from './keys'
import { readFeatureSql } from './read-feature-sql'

/** What the project's database can offer the feature pages (lib/sql/project-features/capabilities.ts). */
export async function getProjectCapabilities({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  return capabilitiesFromRows(await readFeatureSql(projectRef, CAPABILITIES_SQL, signal))
}
export type ProjectCapabilitiesData = Awaited<ReturnType<typeof getProjectCapabilities>>

export function useProjectCapabilitiesQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<ProjectCapabilitiesData> = {}) {
  return useQuery({
    queryKey: projectFeatureKeys.capabilities(projectRef),
    queryFn: ({ signal }) => getProjectCapabilities({ projectRef: projectRef! }, signal),
    enabled: projectRef !== undefined && enabled !== false,
    // An extension enabled in the SQL editor shows up when the page is opened again.
    staleTime: 0,
    ...options,
  })
}
