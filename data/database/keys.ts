/**
 * What the dashboard reads of a project's database itself (its schema), below its own root: a
 * project mutation invalidating the project list by prefix must not reload the catalog too.
 */
export const databaseKeys = {
  all: (ref: string | undefined) => ['database', ref] as const,
  schemaCatalog: (ref: string | undefined) => ['database', ref, 'schema-catalog'] as const,
  /** Below the schema catalog: reloaded with it after SQL that changes the schema. */
  apiDocsCatalog: (ref: string | undefined) => ['database', ref, 'schema-catalog', 'api-docs'] as const,
  objects: (ref: string | undefined, kind: string | undefined) => ['database', ref, 'objects', kind] as const,
  publications: (ref: string | undefined) => ['database', ref, 'publications'] as const,
}
