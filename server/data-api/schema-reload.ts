/**
 * PostgREST keeps a cache of the schema it serves. After SQL that may have changed the schema (any
 * run of the SQL endpoint that is not read-only: the SQL editor and the table editor both go
 * through it) the project's PostgREST is told to reload it: NOTIFY on the project's own database,
 * where its PostgREST listens (channel `pgrst`). Sent on the run's own connection with its reset,
 * right after the answer (RunOptions.notifyAfter): PostgREST reloads asynchronously in any case,
 * so waiting for the signal before answering bought nothing. Cheap, and a no-op when none runs.
 * Changes made over a direct connection are not seen until the next start (no event trigger: see
 * README.md).
 */
import type { RunOptions } from '../databases'

export const DATA_API_SCHEMA_RELOAD: NonNullable<RunOptions['notifyAfter']> = { channel: 'pgrst', payload: 'reload schema' }
