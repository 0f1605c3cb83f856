import { useQuery } from '@tanstack/react-query'
import { schemasFromRows, schemasSql } from '@/lib/table-editor'
import type { QueryOptions } from '../query-options'
import { tableEditorKeys } from './keys'
import { readSql } from './read-sql'

export async function getTableEditorSchemas({ projectRef }: { projectRef: string }, signal?: AbortSignal): Promise<string[]> {
  return schemasFromRows(await readSql(projectRef, schemasSql(), signal))
}

/** The schemas the editor offers in its picker. */
export function useTableEditorSchemasQuery({ projectRef }: { projectRef?: string }, options: QueryOptions<string[]> = {}) {
  return useQuery({
    queryKey: tableEditorKeys.schemas(projectRef),
    queryFn: ({ signal }) => getTableEditorSchemas({ projectRef: projectRef! }, signal),
    enabled: projectRef !== undefined,
    ...options,
  })
}
