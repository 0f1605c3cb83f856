/**
 * The Policies page reads the project's database: its keys sit below the database's root
 * (`['database', ref]`, data/database/keys.ts), so anything that reloads the database's reads
 * reloads these too.
 */
export const authPolicyKeys = {
  list: (ref: string | undefined) => ['database', ref, 'auth-policies'] as const,
}
