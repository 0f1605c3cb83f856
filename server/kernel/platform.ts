/**
 * What every part of the platform is handed: its configuration, the control plane, secrets, the
 * mailer, the project databases, the background loop. Only the type, apart from platform.ts which
 * assembles it, so that modules depend on this leaf and not on the file that imports them all.
 */
import type { ServerConfig } from '../config'
import type { ControlPlaneDb } from '../db/control-plane'
import type { SigningKeys } from '../auth/signing-keys'
import type { Mailer } from '../auth/mailer'
import type { ProjectDatabases } from '../databases'
import type { DatabaseServers } from '../engine/servers'
import type { Scheduler } from './scheduler'
import type { EgressCounter } from '../billing/egress-counter'
import type { ProjectService } from '../gateway/types'

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
   * Where the control plane and project databases live: servers of your own, or the PostgreSQL
   * server this platform runs itself (its `engine`, stopped with the platform).
   */
  servers: DatabaseServers
  /** Names this app instance in provisioning leases. */
  instanceId: string
  scheduler: Scheduler
  /**
   * Bytes the SQL API answered, not yet added to the usage. Kept on the platform, not in a module:
   * Next bundles the API route and the instrumentation hook (whose scheduler flushes it) apart,
   * each with its own copy of every module.
   */
  egress: EgressCounter
  /** The project services the gateway serves at {site}/p/{ref}/{service}/v1 (server/gateway/). */
  services: ProjectService[]
  /** Background work in flight (provisioning); tests await it. */
  pending: Set<Promise<unknown>>
}
