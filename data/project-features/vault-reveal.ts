import { revealedSecretFromRows, revealSecretSql } from '@/lib/sql/project-features/vault'
import { readFeatureSql } from './read-feature-sql'

/**
 * One secret's value, read on demand and never cached (not a React Query read): it lives in the
 * component that shows it until that closes. Kept out of the query history.
 */
export async function revealVaultSecret(projectRef: string, id: string): Promise<string | null> {
  return revealedSecretFromRows(await readFeatureSql(projectRef, revealSecretSql(id)))
}
