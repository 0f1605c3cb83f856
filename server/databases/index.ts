/**
 * The platform's one entry to project databases. New projects go to the PostgreSQL server that
 * PROJECT_DB_SERVERS (as resolved by server/engine/servers.ts) names for their region, or '*':
 * the server the platform runs itself unless you gave your own.
 */
import { adminUrlForRegion, parseProjectDbServers, serverDatabases } from './servers'
import { RunControl, type ProjectDatabases, type ProjectDatabasesConfig, type ProjectDbLocation, type RunOptions, type RunOutcome } from './types'

export { SqlError, isSqlError, isDatabaseUnavailable, isDatabaseNotServing, DatabaseNotServingError, NOT_ACCEPTING_CONNECTIONS, QUERY_CANCELED, USER_CANCEL_MESSAGE } from './types'
export type { CloneSource, CancelOutcome, ProjectDatabases, ProjectDatabasesConfig, ProjectDbLocation, RunOptions, RunOutcome, RunShape, RunStart, RunState, RunStream } from './types'

/** Every connection string a location holds (their pools are ended on pause or drop). */
const urlsOf = (location: ProjectDbLocation) => [location.url, location.readOnlyUrl, location.serviceUrl].filter((url): url is string => !!url)

export function createProjectDatabases(config: ProjectDatabasesConfig): ProjectDatabases {
  const targets = parseProjectDbServers(config.projectDbServers)
  const servers = serverDatabases({
    maxResultBytes: config.maxResultBytes,
    tempFileLimit: config.tempFileLimit,
    terminateGraceMs: config.terminateGraceMs,
    connectionLimit: config.connectionLimit,
    adminUrls: [...targets.values()],
  })

  /** The admin of a server project's region; none means the configuration lost it. */
  function adminFor(region: string): string {
    const adminUrl = adminUrlForRegion(targets, region)
    if (!adminUrl) throw new Error(`No PostgreSQL server is configured for region ${region} (PROJECT_DB_SERVERS)`)
    return adminUrl
  }

  /**
   * Named runs of this process, by project ref and name: what cancel() stops. Gone when the run
   * has answered, so an ended run is never cancelled, and its name is free again.
   */
  const named = new Map<string, { control: RunControl; startedBy: string | undefined }>()
  const runKey = (location: ProjectDbLocation, queryId: string) => `${location.ref}\u0000${queryId}`

  function dispatch(location: ProjectDbLocation, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome> {
    if (!options.readOnly) return servers.run(location.url, sql, options, control)
    // Refuse rather than fall back to the owner: ensureReadOnly comes first.
    if (!location.readOnlyUrl) return Promise.reject(new Error(`project ${location.ref} has no read-only role yet`))
    return servers.run(location.readOnlyUrl, sql, options, control)
  }

  return {
    async provision(ref, region, { schemaFrom, cloneFrom } = {}) {
      const urls = await servers.provision(adminFor(region), ref, { schemaFrom: schemaFrom?.url, cloneFrom })
      return { kind: 'server', ref, ...urls }
    },
    async ensureService(location, region) {
      if (location.serviceUrl || location.given) return location
      return { ...location, serviceUrl: await servers.ensureService(adminFor(region), location.ref) }
    },
    async ensureReadOnly(location, region) {
      if (location.readOnlyUrl) return location
      return { ...location, readOnlyUrl: await servers.ensureReadOnly(adminFor(region), location.ref, location.url) }
    },
    run(location, sql, options) {
      const { queryId } = options
      if (!queryId) return dispatch(location, sql, options)
      const key = runKey(location, queryId)
      // The caller checks runState first and answers a conflict; this is the backstop.
      if (named.has(key)) return Promise.reject(new Error(`a run named ${queryId} is already running in project ${location.ref}`))
      const control = new RunControl(options.onStart)
      named.set(key, { control, startedBy: options.startedBy })
      const forget = () => {
        if (named.get(key)?.control === control) named.delete(key)
      }
      const running = dispatch(location, sql, options, control)
      running.then(forget, forget)
      return running
    },
    async cancel(location, queryId, allowed) {
      const entry = named.get(runKey(location, queryId))
      if (!entry) return 'unknown'
      if (!allowed(entry.startedBy)) return 'refused'
      // false: the run ended before the cancel reached it (or the server could not be asked).
      return (await entry.control.cancel()) ? 'cancelled' : 'unknown'
    },
    runState: (location, queryId) => named.get(runKey(location, queryId))?.control.state ?? null,
    async cancelBackend(location, { pid, backendStart, queryId, readOnly }) {
      const url = readOnly ? location.readOnlyUrl : location.url
      if (!url) return false
      return servers.cancelNamed(url, { pid, backendStart }, queryId)
    },
    // As the platform's own login where the project has one: whatever the project's role's login
    // or CONNECT (read-only mode takes it), health and size are read.
    version: (location, options) => servers.version(location.serviceUrl ?? location.url, options),
    sizeBytes: (location) => servers.sizeBytes(location.serviceUrl ?? location.url),
    suspend: (location, region) => servers.suspend(adminFor(region), location.ref, urlsOf(location)),
    resume: (location, region) => servers.resume(adminFor(region), location.ref),
    restart: (location, region) => servers.restart(adminFor(region), location.ref, urlsOf(location)),
    drop: (ref, region, location) => servers.drop(adminFor(region), ref, location ? urlsOf(location) : []),
    async secureServers() {
      for (const adminUrl of new Set(targets.values()))
        await servers.secure(adminUrl).catch((e) => console.warn(`[project-db] could not set up a database server: ${(e as Error).message}`))
    },
    closeAll: () => servers.closeAll(),
    async setPassword(location, region, password) {
      return { ...location, url: await servers.setPassword(adminFor(region), location.url, password) }
    },
    endPools: (urls) => servers.closePools(urls),
  }
}
