/**
 * The platform's one entry to project databases: dispatches on where a project lives. New projects
 * go to a PostgreSQL server when PROJECT_DB_SERVERS names one for their region (or '*'), else
 * they are embedded (PGlite under DATA_DIR).
 */
import path from 'node:path'
import { embeddedDatabases } from './embedded'
import {
  adminUrlForRegion,
  closeServerPools,
  parseProjectDbServers,
  provisionOnServer,
  runOnServer,
  versionOnServer,
} from './servers'
import type { ProjectDatabases, ProjectDbLocation } from './types'

export { SqlError } from './types'
export type { ProjectDatabases, ProjectDbLocation, RunOptions, RunOutcome, RunShape } from './types'

export type ProjectDatabasesConfig = {
  dataDir: string
  /** PROJECT_DB_SERVERS: `region=postgres://admin…,…`, `*=url` or a bare URL. */
  projectDbServers?: string
}

function create(config: ProjectDatabasesConfig): ProjectDatabases {
  const embedded = embeddedDatabases(config.dataDir)
  const targets = parseProjectDbServers(config.projectDbServers)

  return {
    async provision(ref, region) {
      const adminUrl = adminUrlForRegion(targets, region)
      if (adminUrl) return { kind: 'server', ref, url: await provisionOnServer(adminUrl, ref) }
      await embedded.provision(ref)
      return { kind: 'embedded', ref }
    },
    run(location, sql, options) {
      return location.kind === 'embedded'
        ? embedded.run(location.ref, sql, options)
        : runOnServer(location.url, sql, options)
    },
    async version(location: ProjectDbLocation) {
      if (location.kind === 'server') return versionOnServer(location.url)
      const { json } = await embedded.run(location.ref, 'select version() as version', {
        timeoutMs: 10_000,
        shape: 'last',
      })
      const [row] = JSON.parse(Buffer.from(json).toString('utf8')) as { version: string }[]
      return row.version
    },
    async closeAll() {
      await Promise.all([embedded.closeAll(), closeServerPools()])
    },
  }
}

type Instances = Map<string, ProjectDatabases>
const g = globalThis as typeof globalThis & { __projectDatabases?: Instances }
const instances: Instances = (g.__projectDatabases ??= new Map())

/** Process-wide: one ProjectDatabases per configuration (Next may load this module twice). */
export function getProjectDatabases(config: ProjectDatabasesConfig): ProjectDatabases {
  const key = JSON.stringify([path.resolve(config.dataDir), config.projectDbServers ?? ''])
  let instance = instances.get(key)
  if (!instance) {
    instance = create(config)
    instances.set(key, instance)
  }
  return instance
}
