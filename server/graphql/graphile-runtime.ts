/**
 * PostGraphile and the parts of it the endpoint calls, loaded on first use (most requests of the
 * platform never need them), with the process settings they read once at load:
 * - GRAPHILE_ENV: Grafast runs in production mode (and does not warn that it was not told).
 * - DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE=0: no named prepared statements. Every connection
 *   to an embedded project shares its one PGlite session, where a statement one connection
 *   prepared collides with another's of the same name, and the platform's own runs deallocate
 *   them all. Unnamed statements (the extended protocol still sends values apart) are safe there.
 */
import './node-compat'

export async function loadGraphile() {
  process.env.GRAPHILE_ENV ??= 'production'
  process.env.DATAPLAN_PG_PREPARED_STATEMENT_CACHE_SIZE = '0'
  const [{ makeSchema }, { PostGraphileAmberPreset }, { makePgService, makePgAdaptorWithPgClient }, { execute, hookArgs }] = await Promise.all([
    import('postgraphile'),
    import('postgraphile/presets/amber'),
    import('postgraphile/adaptors/pg'),
    import('postgraphile/grafast'),
  ])
  return { makeSchema, PostGraphileAmberPreset, makePgService, makePgAdaptorWithPgClient, execute, hookArgs }
}
