/**
 * The platform's one entry to project databases: dispatches on where a project lives. New projects
 * go to a PostgreSQL server when PROJECT_DB_SERVERS names one for their region (or '*'), else
 * they are embedded (PGlite under DATA_DIR).
 */
import { embeddedDatabases } from './embedded'
import { adminUrlForRegion, parseProjectDbServers, serverDatabases } from './servers'
import type { ProjectDatabases, ProjectDatabasesConfig, ProjectDbLocation } from './types'

export { SqlError, isSqlError, isDatabaseUnavailable, isDatabaseNotServing, DatabaseNotServingError } from './types'
export type { ProjectDatabases, ProjectDatabasesConfig, ProjectDbLocation, RunOptions, RunOutcome, RunShape } from './types'

const EMBEDDED_VERSION_TIMEOUT_MS = 30_000

/** Every connection string a server location holds (their pools are ended on pause or drop). */
const urlsOf = (location: ProjectDbLocation) => (location.kind === 'server' ? [location.url, ...(location.readOnlyUrl ? [location.readOnlyUrl] : [])] : [])

export function createProjectDatabases(config: ProjectDatabasesConfig): ProjectDatabases {
  const embedded = embeddedDatabases({ dataDir: config.dataDir, maxOpen: config.maxOpen, maxResultBytes: config.maxResultBytes })
  const servers = serverDatabases({ maxResultBytes: config.maxResultBytes, tempFileLimit: config.tempFileLimit })
  const targets = parseProjectDbServers(config.projectDbServers)

  /** The admin of a server project's region; none means the configuration lost it. */
  function adminFor(region: string): string {
    const adminUrl = adminUrlForRegion(targets, region)
    if (!adminUrl) throw new Error(`No PostgreSQL server is configured for region ${region} (PROJECT_DB_SERVERS)`)
    return adminUrl
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
      if (location.kind === 'embedded') return embedded.run(location.ref, sql, options)
      if (!options.readOnly) return servers.run(location.url, sql, options)
      // Refuse rather than fall back to the owner: ensureReadOnly comes first.
      if (!location.readOnlyUrl) throw new Error(`project ${location.ref} has no read-only role yet`)
      return servers.run(location.readOnlyUrl, sql, options)
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
  }
}
