/**
 * The built-in platform, assembled once per process: configuration, the control-plane database
 * (migrated), the secrets and signing keys, the mailer, the project databases and the background loop.
 */
import { randomUUID } from 'node:crypto'
import { EgressCounter } from './billing/egress-counter'
import { readConfig, type ServerConfig } from './config'
import { openEmbeddedControlPlane, openServerControlPlane, type ControlPlaneDb } from './db/control-plane'
import { migrate } from './db/migrate'
import { loadJwtSecret } from './auth/jwt'
import { SigningKeys } from './auth/signing-keys'
import { createMailer, type Mailer } from './auth/mailer'
import { createProjectDatabases, type ProjectDatabases } from './databases'
import { ensureSelfHostedProject } from './projects/self-hosted'
import { startScheduler, type Scheduler } from './scheduler'
import { applyFlagsFile } from './flags/flags-file'
import { indexDocsAtStart } from './docs/index-docs'
import { startWireListener, type WireListener } from './databases/wire/listener'
import { wireAccess } from './connection/wire-access'
import { closeProjectSchemas } from './graphql/project-schemas'

export type Platform = {
  config: ServerConfig
  db: ControlPlaneDb
  /** Signs the service role's key. */
  jwtSecret: Uint8Array
  /** Sign and verify access tokens. */
  signingKeys: SigningKeys
  /** Sends the auth service's mails and SMS (or writes them to the log). */
  mailer: Mailer
  databases: ProjectDatabases
  /**
   * The Postgres wire-protocol listener of embedded databases, where it really listens (port 0
   * becomes the port the system chose); null when EMBEDDED_DB_PORT is off or the port was taken.
   */
  embeddedListener: WireListener | null
  /** Names this app instance in provisioning leases. */
  instanceId: string
  scheduler: Scheduler
  /**
   * Bytes the SQL API answered, not yet added to the usage. Kept on the platform, not in a module:
   * Next bundles the API route and the instrumentation hook (whose scheduler flushes it) apart,
   * each with its own copy of every module.
   */
  egress: EgressCounter
  /** Background work in flight (provisioning); tests await it. */
  pending: Set<Promise<unknown>>
}

export async function createPlatform(config: ServerConfig, options: { inMemory?: boolean } = {}): Promise<Platform> {
  const db = config.platformDatabaseUrl
    ? await openServerControlPlane(config.platformDatabaseUrl)
    : await openEmbeddedControlPlane(options.inMemory ? null : config.dataDir)
  await migrate(db)
  await applyFlagsFile(db, config.flags.file)
  const databases = createProjectDatabases({
    dataDir: config.dataDir,
    projectDbServers: config.projectDbServers,
    maxOpen: config.maxOpenProjectDbs,
    maxResultBytes: config.maxResultBytes,
    tempFileLimit: config.projectTempFileLimit,
    terminateGraceMs: config.sqlTerminateGraceMs,
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
    embeddedListener: null,
    instanceId: randomUUID(),
    egress: new EgressCounter(),
    pending: new Set(),
  } as Omit<Platform, 'scheduler'> as Platform
  platform.embeddedListener = await listenForEmbeddedClients(platform)
  if (!config.isPlatform) await ensureSelfHostedProject(platform)
  await indexDocsAtStart(platform)
  platform.scheduler = startScheduler(platform)
  return platform
}

/**
 * Opens the embedded databases' listener. A port already taken does not stop the platform: the
 * dashboard then says the listener is off (and the log says why).
 */
async function listenForEmbeddedClients(platform: Platform): Promise<WireListener | null> {
  const { port, host } = platform.config.embeddedDb
  if (port === null) return null
  try {
    return await startWireListener({ host, port }, wireAccess(platform))
  } catch (error) {
    console.warn(`[embedded-db] not listening on ${host}:${port}: ${(error as Error).message} (EMBEDDED_DB_PORT, EMBEDDED_DB_HOST)`)
    return null
  }
}

export async function closePlatform(platform: Platform) {
  platform.scheduler.stop()
  await platform.embeddedListener?.close()
  while (platform.pending.size > 0) await Promise.allSettled([...platform.pending])
  await closeProjectSchemas(platform)
  await platform.databases.closeAll()
  await platform.db.close()
}

// The one registry on globalThis. Next bundles the instrumentation hook (which opens the platform
// at start) and the API route separately, each with its own copy of this module; both must get
// the same platform, or two PGlite instances would open one data dir and corrupt it.
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
