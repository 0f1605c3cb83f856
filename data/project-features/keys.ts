/** The project feature pages' reads of the project's database, under the database root of data/database/keys.ts. */
export const projectFeatureKeys = {
  all: (ref: string | undefined) => ['database', ref, 'features'] as const,
  capabilities: (ref: string | undefined) => ['database', ref, 'features', 'capabilities'] as const,
  statements: (ref: string | undefined, schema: string | undefined) => ['database', ref, 'features', 'statements', schema] as const,
  cronJobs: (ref: string | undefined) => ['database', ref, 'features', 'cron-jobs'] as const,
  hooks: (ref: string | undefined) => ['database', ref, 'features', 'hooks'] as const,
  vaultSecrets: (ref: string | undefined) => ['database', ref, 'features', 'vault-secrets'] as const,
  wrappers: (ref: string | undefined) => ['database', ref, 'features', 'wrappers'] as const,
}
