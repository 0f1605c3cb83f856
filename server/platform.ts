/**
 * The built-in platform, assembled once per process: configuration, the control-plane database
 * (migrated), the secrets and signing keys, the mailer, the project databases and the background loop.
 */
import { randomUUID } from 'node:crypto'
import { EgressCounter } from './billing/egress-counter'
import { readConfig, type ServerConfig } from './config'
import type { Platform } from './kernel/platform'
import { openServerControlPlane } from './db/control-plane'
import { migrate } from './db/migrate'
import { loadJwtSecret } from './auth/jwt'
import { SigningKeys } from './auth/signing-keys'
import { createMailer } from './auth/mailer'
import { createProjectDatabases } from './databases'
import { ensureSelfHostedProject } from './projects/self-hosted'
import { startScheduler } from './scheduler'
import { trackPending } from './pending-work'
import { applyFlagsFile } from './flags/flags-file'
import { indexDocsAtStart } from './docs/index-docs'
import { resolveDatabaseServers, type DatabaseServers } from './engine/servers'
import { closeProjectSchemas } from './graphql/project-schemas'
import { DataApiService } from './data-api/data-api-service'
import { ProjectAuthService } from './project-auth/auth-service'
import { StorageService } from './storage/storage-service'
import { RealtimeService } from './realtime/service'
import { FunctionsService } from './functions/service'
import { closeProjectServices } from './gateway/services'
import { defaultTempFileLimit } from './databases/temp-file-limit'

export async function createPlatform(config: ServerConfig): Promise<Platform> {
  const servers = await resolveDatabaseServers(config)
  try {
    return await assemble(config, servers)
  } catch (error) {
    await servers.engine?.stop()
    throw error
  }
}

async function assemble(config: ServerConfig, servers: DatabaseServers): Promise<Platform> {
  const db = await openServerControlPlane(servers.platformDatabaseUrl)
  await migrate(db)
  await servers.followPort(db)
  await applyFlagsFile(db, config.flags.file)
  const databases = createProjectDatabases({
    projectDbServers: servers.projectDbServers,
    maxResultBytes: config.maxResultBytes,
    tempFileLimit: config.projectTempFileLimit ?? defaultTempFileLimit(config.dataDir),
    terminateGraceMs: config.sqlTerminateGraceMs,
    connectionLimit: config.projectConnectionLimit,
  })
  // Retired keys stay trusted for the life of a token, plus the time another instance may keep signing with them.
  const signingKeys = new SigningKeys(db, config.accessTokenTtlSeconds + 120, config.auth.signingKeys)
  await signingKeys.init()
  const platform = {
    config,
    db,
    jwtSecret: await loadJwtSecret(db, config.jwtSecret),
    signingKeys,
    mailer: createMailer(config.auth),
    databases,
    servers,
    instanceId: randomUUID(),
    egress: new EgressCounter(),
    pending: new Set(),
    services: [],
  } as Omit<Platform, 'scheduler'> as Platform
  // Each service is made with the platform it serves, and kept on it (one per process).
  platform.services = [new DataApiService(platform), new ProjectAuthService(platform), new StorageService(platform), new RealtimeService(platform), new FunctionsService(platform)]
  if (!config.isPlatform) await ensureSelfHostedProject(platform)
  // In the background: a server that does not answer must not hold up the start.
  void trackPending(platform, databases.secureServers())
  await indexDocsAtStart(platform)
  platform.scheduler = startScheduler(platform)
  return platform
}

export async function closePlatform(platform: Platform) {
  platform.scheduler.stop()
  while (platform.pending.size > 0) await Promise.allSettled([...platform.pending])
  await closeProjectServices(platform)
  await closeProjectSchemas(platform)
  await platform.databases.closeAll()
  await platform.db.close()
  await platform.servers.engine?.stop()
}

// The one registry on globalThis. Next bundles the instrumentation hook (which opens the platform
// at start) and the API route separately, each with its own copy of this module; both must get
// the same platform, or two copies would each start (or be refused) the embedded server.
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

export type { Platform } from './kernel/platform'
