import type { QueryClient } from '@tanstack/react-query'
import { isSchemaChanging } from '@/lib/sql/completion'
import { databaseKeys } from './keys'

/** Marks the project's catalog stale; an editor showing suggestions reloads it at once. */
export function invalidateSchemaCatalog(queryClient: QueryClient, projectRef: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: databaseKeys.schemaCatalog(projectRef) })
}

/**
 * After a run settles, failed ones too (a script stopped by an error may have created a table
 * before it): reloads the catalog when the SQL may have changed it.
 */
export function refreshCatalogAfterRun(queryClient: QueryClient, projectRef: string, sql: string): Promise<void> {
  return isSchemaChanging(sql) ? invalidateSchemaCatalog(queryClient, projectRef) : Promise.resolve()
}
