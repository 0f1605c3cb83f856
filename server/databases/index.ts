/**
 * The platform's one entry to project databases: dispatches on where a project lives. New projects
 * go to a PostgreSQL server when PROJECT_DB_SERVERS names one for their region (or '*'), else
 * they are embedded (PGlite under DATA_DIR).
 */
import { embeddedDatabases } from './embedded'
import { adminUrlForRegion, parseProjectDbServers, serverDatabases } from './servers'
import type { ProjectDatabases, ProjectDatabasesConfig } from './types'

export { SqlError, isSqlError, isDatabaseUnavailable } from './types'
export type { ProjectDatabases, ProjectDatabasesConfig, ProjectDbLocation, RunOptions, RunOutcome, RunShape } from './types'

const EMBEDDED_VERSION_TIMEOUT_MS = 30_000

export function createProjectDatabases(config: ProjectDatabasesConfig): ProjectDatabases {
  const embedded = embeddedDatabases({ dataDir: config.dataDir, maxOpen: config.maxOpen, maxResultBytes: config.maxResultBytes })
  const servers = serverDatabases({ maxResultBytes: config.maxResultBytes, tempFileLimit: config.tempFileLimit })
  const targets = parseProjectDbServers(config.projectDbServers)

  return {
    async provision(ref, region) {
      const adminUrl = adminUrlForRegion(targets, region)
      if (adminUrl) return { kind: 'server', ref, url: await servers.provision(adminUrl, ref) }
      await embedded.provision(ref)
      return { kind: 'embedded', ref }
    },
    run(location, sql, options) {
      return location.kind === 'embedded' ? embedded.run(location.ref, sql, options) : servers.run(location.url, sql, options)
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
    async closeAll() {
      await Promise.all([embedded.closeAll(), servers.closeAll()])
    },
    openEmbeddedDirs: () => embedded.openDirs(),
  }
}
