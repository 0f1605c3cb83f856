import { useQuery } from '@tanstack/react-query'
import { privilegeRoutes } from '@/lib/api-types/browser/privileges.routes'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { privilegeKeys } from './keys'

export type ColumnPrivilegesVariables = { projectRef: string; schema: string; table: string }

/** One table's columns, the project's roles and who holds which column privilege. */
export async function getColumnPrivileges({ projectRef, schema, table }: ColumnPrivilegesVariables, signal?: AbortSignal) {
  return call(privilegeRoutes.listColumnPrivileges, { params: { ref: projectRef }, query: { schema, table } }, { signal })
}
export type ColumnPrivilegesData = Awaited<ReturnType<typeof getColumnPrivileges>>

export function useColumnPrivilegesQuery(
  { projectRef, schema, table }: Partial<ColumnPrivilegesVariables>,
  { enabled = true, ...options }: QueryOptions<ColumnPrivilegesData> = {}
) {
  return useQuery({
    queryKey: privilegeKeys.table(projectRef, schema, table),
    queryFn: ({ signal }) => getColumnPrivileges({ projectRef: projectRef!, schema: schema!, table: table! }, signal),
    // Never fetch with a missing variable.
    enabled: enabled !== false && projectRef !== undefined && schema !== undefined && table !== undefined,
    ...options,
  })
}
