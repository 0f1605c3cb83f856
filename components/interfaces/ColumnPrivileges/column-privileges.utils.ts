/**
 * Pure pieces of the column privileges page: what one cell of the grid holds, whether a role holds
 * every privilege on a column, and which table the page starts on.
 */
import { COLUMN_PRIVILEGES } from '@/lib/api-types/privileges'
import type { ColumnPrivilege, ColumnPrivileges } from '@/lib/api-types'
import type { CatalogTable } from '@/lib/sql/completion'

/** How a role holds a privilege on a column: granted on that column, on the whole table, or not. */
export type CellGrant = 'column' | 'table' | null

export function cellGrant(data: Pick<ColumnPrivileges, 'table_grants' | 'column_grants'>, role: string, column: string, privilege: ColumnPrivilege): CellGrant {
  if (data.table_grants.some((g) => g.role === role && g.privilege === privilege)) return 'table'
  if (data.column_grants.some((g) => g.role === role && g.column === column && g.privilege === privilege)) return 'column'
  return null
}

/** Whether the role holds all four privileges on the column (one way or the other). */
export function holdsAll(data: Pick<ColumnPrivileges, 'table_grants' | 'column_grants'>, role: string, column: string): boolean {
  return COLUMN_PRIVILEGES.every((privilege) => cellGrant(data, role, column, privilege) !== null)
}

export type TableChoice = { schema: string; table: string }

/** The schemas that hold something privileges can be given on, in the catalog's order. */
export function schemasWithTables(tables: readonly CatalogTable[]): string[] {
  return [...new Set(tables.map((t) => t.schema))]
}

/**
 * The table the page shows: the one picked while it still exists, else the first table of the
 * picked schema, else the first of `public`, else the first there is; null when there are none.
 */
export function resolveTable(tables: readonly CatalogTable[], picked: Partial<TableChoice>): TableChoice | null {
  const exact = tables.find((t) => t.schema === picked.schema && t.name === picked.table)
  const fallback = exact ?? tables.find((t) => t.schema === picked.schema) ?? tables.find((t) => t.schema === 'public') ?? tables[0]
  return fallback ? { schema: fallback.schema, table: fallback.name } : null
}
