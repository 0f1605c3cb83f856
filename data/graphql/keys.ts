/**
 * The GraphQL endpoint's reads come from the project's database: their keys sit below the
 * database's root (`['database', ref]`, data/database/keys.ts), so anything that reloads the
 * database's reads (a table created in the editor) reloads these too.
 */
export const graphqlKeys = {
  all: (ref: string | undefined) => ['database', ref, 'graphql'] as const,
  defaultQuery: (ref: string | undefined) => ['database', ref, 'graphql', 'default-query'] as const,
}
