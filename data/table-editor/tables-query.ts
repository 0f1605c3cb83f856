import { useQuery } from '@tanstack/react-query'
import { tablesFromRows, tablesSql, type TableSummary } from '@/lib/table-editor'
import type { QueryOptions } from '../query-options'
import { tableEditorKeys } from './keys'
import { readSql } from './read-sql'

export type TablesVariables = { projectRef: string; schema: string }

/** A schema's tables with their estimated row counts (from the statistics, never count(*)). */
export async function getTableEditorTables({ projectRef, schema }: TablesVariables, signal?: AbortSignal): Promise<TableSummary[]> {
  return tablesFromRows(await readSql(projectRef, tablesSql(schema), signal))
}

export function useTableEditorTablesQuery({ projectRef, schema }: Partial<TablesVariables>, options: QueryOptions<TableSummary[]> = {}) {
  return useQuery({
    queryKey: tableEditorKeys.tables(projectRef, schema),
    queryFn: ({ signal }) => getTableEditorTables({ projectRef: projectRef!, schema: schema! }, signal),
    enabled: projectRef !== undefined && schema !== undefined,
    // The SQL editor changes tables without telling the editor: opened again, it reads again.
    staleTime: 0,
    ...options,
  })
}
