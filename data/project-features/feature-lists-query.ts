/**
 * The listings of the feature pages, one hook each. Each runs only when its page says the feature
 * is there (`enabled`): the SQL names a schema that exists only once its extension is installed.
 */
import { useQuery } from '@tanstack/react-query'
import { cronJobsFromRows, CRON_JOBS_SQL } from '@/lib/sql/project-features/cron'
import { hooksFromRows, HOOKS_SQL } from '@/lib/sql/project-features/hooks'
import { statementsFromRows, statementsSql } from '@/lib/sql/project-features/query-performance'
import { vaultSecretsFromRows, VAULT_SECRETS_SQL } from '@/lib/sql/project-features/vault'
import { wrappersFromRows, WRAPPERS_SQL } from '@/lib/sql/project-features/wrappers'
import { projectFeatureKeys } from './keys'
import { readFeatureSql } from './read-feature-sql'

type ListOptions = { projectRef?: string; enabled?: boolean }

export function useStatementsQuery({ projectRef, schema, enabled = true }: ListOptions & { schema?: string }) {
  return useQuery({
    queryKey: projectFeatureKeys.statements(projectRef, schema),
    queryFn: async ({ signal }) => statementsFromRows(await readFeatureSql(projectRef!, statementsSql(schema!), signal)),
    enabled: enabled && projectRef !== undefined && schema !== undefined,
    staleTime: 0,
  })
}

export function useCronJobsQuery({ projectRef, enabled = true }: ListOptions) {
  return useQuery({
    queryKey: projectFeatureKeys.cronJobs(projectRef),
    queryFn: async ({ signal }) => cronJobsFromRows(await readFeatureSql(projectRef!, CRON_JOBS_SQL, signal)),
    enabled: enabled && projectRef !== undefined,
    staleTime: 0,
  })
}

export function useHooksQuery({ projectRef, enabled = true }: ListOptions) {
  return useQuery({
    queryKey: projectFeatureKeys.hooks(projectRef),
    queryFn: async ({ signal }) => hooksFromRows(await readFeatureSql(projectRef!, HOOKS_SQL, signal)),
    enabled: enabled && projectRef !== undefined,
    staleTime: 0,
  })
}

export function useVaultSecretsQuery({ projectRef, enabled = true }: ListOptions) {
  return useQuery({
    queryKey: projectFeatureKeys.vaultSecrets(projectRef),
    queryFn: async ({ signal }) => vaultSecretsFromRows(await readFeatureSql(projectRef!, VAULT_SECRETS_SQL, signal)),
    enabled: enabled && projectRef !== undefined,
    staleTime: 0,
  })
}

export function useWrappersQuery({ projectRef, enabled = true }: ListOptions) {
  return useQuery({
    queryKey: projectFeatureKeys.wrappers(projectRef),
    queryFn: async ({ signal }) => wrappersFromRows(await readFeatureSql(projectRef!, WRAPPERS_SQL, signal)),
    enabled: enabled && projectRef !== undefined,
    staleTime: 0,
  })
}
