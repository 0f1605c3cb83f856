/**
 * PostGraphile and the parts of it the endpoint calls, loaded on first use (most requests of the
 * platform never need them). GRAPHILE_ENV, read once at load, is set only if the operator did not:
 * Grafast then runs in production mode (and does not warn that it was not told). Named prepared
 * statements are turned off per pool (unnamed-statements.ts), not by a process-wide variable.
 */
import './node-compat'

export async function loadGraphile() {
  process.env.GRAPHILE_ENV ??= 'production'
  const [{ makeSchema }, { PostGraphileAmberPreset }, { makePgService, makePgAdaptorWithPgClient }, { execute, hookArgs }] = await Promise.all([
    import('postgraphile'),
    import('postgraphile/presets/amber'),
    import('postgraphile/adaptors/pg'),
    import('postgraphile/grafast'),
  ])
  return { makeSchema, PostGraphileAmberPreset, makePgService, makePgAdaptorWithPgClient, execute, hookArgs }
}
