import type { Filter, Sort } from '@/lib/table-editor'
import { databaseKeys } from '../database/keys'

/**
 * The table editor's reads, below the project's database root (data/database/keys.ts): whatever
 * refreshes the project's database reads refreshes these too; a change made in the editor
 * refreshes them all by the `all` prefix.
 */
export const tableEditorKeys = {
  all: (ref: string | undefined) => [...databaseKeys.all(ref), 'table-editor'] as const,
  schemas: (ref: string | undefined) => [...databaseKeys.all(ref), 'table-editor', 'schemas'] as const,
  tables: (ref: string | undefined, schema: string | undefined) => [...databaseKeys.all(ref), 'table-editor', 'tables', schema] as const,
  detail: (ref: string | undefined, schema: string | undefined, table: string | undefined) =>
    [...databaseKeys.all(ref), 'table-editor', 'detail', schema, table] as const,
  rows: (ref: string | undefined, schema: string | undefined, table: string | undefined, sort: Sort | null, filters: Filter[]) =>
    [...databaseKeys.all(ref), 'table-editor', 'rows', schema, table, { sort, filters }] as const,
  referencedRow: (ref: string | undefined, target: string, value: unknown) =>
    [...databaseKeys.all(ref), 'table-editor', 'referenced-row', target, value] as const,
}
