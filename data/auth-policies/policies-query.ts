import { useQuery } from '@tanstack/react-query'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { POLICIES_SQL, policiesFromRows } from '@/lib/auth-policies/policies-sql'
import { call } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { authPolicyKeys } from './keys'

/**
 * Every table of the project with its row level security and policies (lib/auth-policies), and
 * whether auth.uid() exists yet, read through the SQL endpoint like any query: the caller's role
 * sees what it may (a Read-only member included), and the read is kept out of their history.
 */
export async function getAuthPolicies({ projectRef }: { projectRef: string }, signal?: AbortSignal) {
  const rows = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: POLICIES_SQL } }, { signal })
  return policiesFromRows(rows)
}
export type AuthPoliciesData = Awaited<ReturnType<typeof getAuthPolicies>>

export function useAuthPoliciesQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<AuthPoliciesData> = {}) {
  return useQuery({
    queryKey: authPolicyKeys.list(projectRef),
    queryFn: ({ signal }) => getAuthPolicies({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    // The SQL editor and the table editor change tables and policies too: read again when opened.
    staleTime: 0,
    ...options,
  })
}
