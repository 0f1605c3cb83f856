/**
 * PostgREST keeps a cache of the schema it serves. After SQL that may have changed the schema (any
 * run of the SQL endpoint that is not read-only: the SQL editor and the table editor both go
 * through it) the project's PostgREST is told to reload it: NOTIFY on the project's own database,
 * where its PostgREST listens (channel `pgrst`). Cheap, and a no-op when none runs. Changes made
 * over a direct connection are not seen until the next start (no event trigger: see README.md).
 */
import type { Platform } from '../platform-type'
import type { ProjectDbLocation } from '../databases'

export async function reloadDataApiSchema(platform: Platform, location: ProjectDbLocation): Promise<void> {
  await platform.databases
    .run(location, `NOTIFY pgrst, 'reload schema'`, { timeoutMs: platform.config.sqlTimeoutMs, shape: 'last', readOnly: false })
    .catch((error) => console.warn(`[data-api] schema reload not signalled: ${(error as Error).message}`))
}
