/**
 * The platform's one entry to project databases: dispatches on where a project lives. New projects
 * go to a PostgreSQL server when PROJECT_DB_SERVERS names one for their region (or '*'), else
 * they are embedded (PGlite under DATA_DIR).
 */
import { embeddedDatabases } from './embedded'
import { EMBEDDED_READER_ROLE } from './embedded-readonly'
import { adminUrlForRegion, parseProjectDbServers, serverDatabases } from './servers'
import { RunControl, type ProjectDatabases, type ProjectDatabasesConfig, type ProjectDbLocation, type RunOptions, type RunOutcome } from './types'

export { SqlError, isSqlError, isDatabaseUnavailable, isDatabaseNotServing, DatabaseNotServingError, QUERY_CANCELED, USER_CANCEL_MESSAGE } from './types'
export type { CancelOutcome, ProjectDatabases, ProjectDatabasesConfig, ProjectDbLocation, RunOptions, RunOutcome, RunShape, RunStart, RunState, RunStream } from './types'

const EMBEDDED_VERSION_TIMEOUT_MS = 30_000

/** Every connection string a server location holds (their pools are ended on pause or drop). */
const urlsOf = (location: ProjectDbLocation) => (location.kind === 'server' ? [location.url, ...(location.readOnlyUrl ? [location.readOnlyUrl] : [])] : [])

export function createProjectDatabases(config: ProjectDatabasesConfig): ProjectDatabases {
  const embedded = embeddedDatabases({ dataDir: config.dataDir, maxOpen: config.maxOpen, maxResultBytes: config.maxResultBytes })
  const targets = parseProjectDbServers(config.projectDbServers)
  const servers = serverDatabases({
    maxResultBytes: config.maxResultBytes,
    tempFileLimit: config.tempFileLimit,
    terminateGraceMs: config.terminateGraceMs,
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
    if (location.kind === 'embedded') return embedded.run(location.ref, sql, options, control)
    if (!options.readOnly) return servers.run(location.url, sql, options, control)
    // Refuse rather than fall back to the owner: ensureReadOnly comes first.
    if (!location.readOnlyUrl) return Promise.reject(new Error(`project ${location.ref} has no read-only role yet`))
    return servers.run(location.readOnlyUrl, sql, options, control)
  }

  return {
    async provision(ref, region, { schemaFrom } = {}) {
      const adminUrl = adminUrlForRegion(targets, region)
      if (schemaFrom && (schemaFrom.kind === 'server') !== (adminUrl !== undefined))
        throw new Error('A preview branch is made where its parent lives; this region is configured differently now.')
      if (adminUrl) {
        const from = schemaFrom?.kind === 'server' ? schemaFrom.url : undefined
        const urls = await servers.provision(adminUrl, ref, { schemaFrom: from })
        return { kind: 'server', ref, ...urls }
      }
      await embedded.provision(ref, { schemaFrom: schemaFrom?.ref })
      return { kind: 'embedded', ref }
    },
    async ensureReadOnly(location, region) {
      if (location.kind === 'embedded' || location.readOnlyUrl) return location
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
    async readerRole(location) {
      if (location.kind !== 'embedded') return null
      await embedded.prepareReader(location.ref)
      return EMBEDDED_READER_ROLE
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
      if (location.kind !== 'server') return false
      const url = readOnly ? location.readOnlyUrl : location.url
      if (!url) return false
      return servers.cancelNamed(url, { pid, backendStart }, queryId)
    },
    async version(location, options) {
      if (location.kind === 'server') return servers.version(location.url, options)
      const { json } = await embedded.run(location.ref, 'select version() as version', {
        timeoutMs: options?.timeoutMs ?? EMBEDDED_VERSION_TIMEOUT_MS,
        shape: 'last',
      })
      const [row] = JSON.parse(Buffer.from(json).toString('utf8')) as { version: string }[]
      return row.version
    },
    sizeBytes: (location) => (location.kind === 'embedded' ? embedded.sizeBytes(location.ref) : servers.sizeBytes(location.url)),
    suspend: (location, region) =>
      location.kind === 'embedded' ? embedded.suspend(location.ref) : servers.suspend(adminFor(region), location.ref, urlsOf(location)),
    async resume(location, region) {
      if (location.kind === 'embedded') embedded.resume(location.ref)
      else await servers.resume(adminFor(region), location.ref)
    },
    restart: (location, region) =>
      location.kind === 'embedded' ? embedded.restart(location.ref) : servers.restart(adminFor(region), location.ref, urlsOf(location)),
    async drop(ref, region, location) {
      const onServer = location ? location.kind === 'server' : adminUrlForRegion(targets, region) !== undefined
      if (onServer) await servers.drop(adminFor(region), ref, location ? urlsOf(location) : [])
      else await embedded.drop(ref)
    },
    async closeAll() {
      await Promise.all([embedded.closeAll(), servers.closeAll()])
    },
    openEmbeddedDirs: () => embedded.openDirs(),
    openWire(location, socket, session) {
      if (location.kind !== 'embedded') return Promise.reject(new Error('only embedded databases are served by the wire listener'))
      return embedded.openWire(location.ref, socket, session)
    },
    endWireSessions(location, keep) {
      if (location.kind === 'embedded') embedded.endWireSessions(location.ref, keep)
    },
    async setPassword(location, region, password) {
      if (location.kind === 'embedded') return { ...location, password }
      return { ...location, url: await servers.setPassword(adminFor(region), location.url, password) }
    },
    endPools: (urls) => servers.closePools(urls),
  }
}
