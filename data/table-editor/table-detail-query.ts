import { useQuery } from '@tanstack/react-query'
import { tableDetailFromRows, type TableDetail } from '@/lib/table-editor'
import type { QueryOptions } from '../query-options'
import { tableEditorKeys } from './keys'
import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { call } from '../fetchers'

export type TableDetailVariables = { projectRef: string; schema: string; table: string }

/**
 * One table's columns, keys, foreign keys and policies; null when there is no such table (any more).
 * The platform answers it from the catalog once per change (server/sql/table-detail.ts).
 */
export async function getTableDetail({ projectRef, schema, table }: TableDetailVariables, signal?: AbortSignal): Promise<TableDetail | null> {
  return tableDetailFromRows(await call(sqlRoutes.tableDetail, { params: { ref: projectRef }, query: { schema, table } }, { signal }))
}

export function useTableDetailQuery({ projectRef, schema, table }: Partial<TableDetailVariables>, options: QueryOptions<TableDetail | null> = {}) {
  return useQuery({
    queryKey: tableEditorKeys.detail(projectRef, schema, table),
    queryFn: ({ signal }) => getTableDetail({ projectRef: projectRef!, schema: schema!, table: table! }, signal),
    enabled: projectRef !== undefined && schema !== undefined && table !== undefined,
    staleTime: 0,
    ...options,
  })
}
