/**
 * Column privileges are read from the project's database: their keys sit below the database's
 * root (`['database', ref]`, data/database/keys.ts), so anything that reloads the database's
 * reads reloads these too.
 */
export const privilegeKeys = {
  all: (ref: string | undefined) => ['database', ref, 'column-privileges'] as const,
  table: (ref: string | undefined, schema: string | undefined, table: string | undefined) =>
    ['database', ref, 'column-privileges', schema, table] as const,
}
