/**
 * The built-in platform, assembled once per process: configuration, the control-plane database
 * (migrated), the JWT secret and the project databases. Kept on globalThis because Next may load
 * this module more than once, and two PGlite instances on one data dir would corrupt it.
 */
import { readConfig, type ServerConfig } from './config'
import { openEmbeddedControlPlane, openServerControlPlane, type ControlPlaneDb } from './db/control-plane'
import { migrate } from './db/migrate'
import { loadJwtSecret } from './auth/jwt'
import { getProjectDatabases } from './databases'
import type { ProjectDatabases } from './databases/types'
import { ensureSelfHostedProject } from './projects/self-hosted'
import { resumeProvisioning } from './projects/provision'

export type Platform = {
  config: ServerConfig
  db: ControlPlaneDb
  jwtSecret: Uint8Array
  databases: ProjectDatabases
  /** Background work started by requests (provisioning); tests await it. */
  pending: Set<Promise<unknown>>
}

export async function createPlatform(config: ServerConfig, options: { inMemory?: boolean } = {}): Promise<Platform> {
  const db = config.platformDatabaseUrl
    ? await openServerControlPlane(config.platformDatabaseUrl)
    : await openEmbeddedControlPlane(options.inMemory ? null : config.dataDir)
  await migrate(db)
  const platform: Platform = {
    config,
    db,
    jwtSecret: await loadJwtSecret(db, config.jwtSecret),
    databases: getProjectDatabases({ dataDir: config.dataDir, projectDbServers: config.projectDbServers }),
    pending: new Set(),
  }
  if (!config.isPlatform) await ensureSelfHostedProject(platform)
  resumeProvisioning(platform)
  return platform
}

export async function closePlatform(platform: Platform) {
  await Promise.allSettled([...platform.pending])
  await platform.databases.closeAll()
  await platform.db.close()
}

const GLOBAL_KEY = Symbol.for('supaboard.platform')
type GlobalWithPlatform = typeof globalThis & { [GLOBAL_KEY]?: Promise<Platform> }

export function getPlatform(): Promise<Platform> {
  const g = globalThis as GlobalWithPlatform
  if (!g[GLOBAL_KEY]) {
    g[GLOBAL_KEY] = createPlatform(readConfig()).catch((error) => {
      g[GLOBAL_KEY] = undefined
      throw error
    })
  }
  return g[GLOBAL_KEY]!
}
