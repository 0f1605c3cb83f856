import { useQuery } from '@tanstack/react-query'
import { referencedRowSql, type ForeignKeyRef, type Row } from '@/lib/table-editor'
import { tableEditorKeys } from './keys'
import { readSql } from './read-sql'

export type ReferencedRowVariables = { projectRef: string; foreignKey: ForeignKeyRef; value: unknown }

/** The row a foreign-key cell points at; null when it is not there (or not visible to the caller). */
export async function getReferencedRow({ projectRef, foreignKey, value }: ReferencedRowVariables, signal?: AbortSignal): Promise<Row | null> {
  const rows = await readSql(projectRef, referencedRowSql(foreignKey, value), signal)
  return (rows[0] as Row | undefined) ?? null
}

export function useReferencedRowQuery({ projectRef, foreignKey, value }: ReferencedRowVariables, { enabled = true } = {}) {
  return useQuery({
    queryKey: tableEditorKeys.referencedRow(projectRef, `${foreignKey.schema}.${foreignKey.table}.${foreignKey.column}`, value),
    queryFn: ({ signal }) => getReferencedRow({ projectRef, foreignKey, value }, signal),
    enabled,
  })
}
