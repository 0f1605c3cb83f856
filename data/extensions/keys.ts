/**
 * Extensions are read from the project's database: their key sits below the database's root
 * (`['database', ref]`, data/database/keys.ts), so anything that reloads the database's reads
 * reloads this too.
 */
export const extensionKeys = {
  list: (ref: string | undefined) => ['database', ref, 'extensions'] as const,
}
