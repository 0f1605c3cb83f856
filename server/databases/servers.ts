/**
 * Project databases on PostgreSQL servers. Each project gets its own database `p_<ref>` owned by
 * its own login role `p_<ref>`; the platform keeps only that role's URL (the location), so a
 * project's SQL never runs as the server's admin. A plain DATABASE_URL works as a location too
 * (self-hosted with a given server): nothing is provisioned, SQL just runs there.
 *
 * This file assembles the parts: pools.ts (connections), provision.ts (role and database),
 * run-sql.ts (a run and its cancel), server-lifecycle.ts (pause, restart, drop, copies).
 */
import pg from 'pg'
import { asAdmin, classify } from './classify'
import { APPLICATION_NAME, CONNECT_TIMEOUT_MS, ServerPools } from './pools'
import { ensureReadOnly, ensureService, provisionProject, type ServerProjectUrls } from './provision'
import { runApplicationName, runSql } from './run-sql'
import { makeVerifierAsync, verifierText } from './scram-verifier'
import { secureServer, type SecuredServers } from './secure-server'
import { dropDatabase, restartDatabase, resumeDatabase, suspendDatabase } from './server-lifecycle'
import { adminUrlForServerOf } from './server-targets'
import { serverVersion } from './server-version'
import { stopNamedBackend } from './stop-backend'
import type { CloneSource, RunControl, RunOptions, RunOutcome } from './types'

export { adminUrlForRegion, parseProjectDbServers, type ServerTargets } from './server-targets'
export type { ServerProjectUrls } from './provision'

export type ServerDatabases = {
  /**
   * With `schemaFrom` (the parent's owner URL, on the same server), the new database is a copy of
   * that one without its rows; making it ends the parent's open sessions (see provision).
   */
  provision(adminUrl: string, ref: string, options?: { schemaFrom?: string; cloneFrom?: CloneSource }): Promise<ServerProjectUrls>
  ensureReadOnly(adminUrl: string, ref: string, ownerUrl: string): Promise<string>
  ensureService(adminUrl: string, ref: string): Promise<string>
  suspend(adminUrl: string, ref: string, urls: string[]): Promise<void>
  resume(adminUrl: string, ref: string): Promise<void>
  restart(adminUrl: string, ref: string, urls: string[]): Promise<void>
  drop(adminUrl: string, ref: string, urls: string[]): Promise<void>
  /** `control`: a named run's cancel (see RunControl). */
  run(url: string, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome>
  /** pg_cancel_backend(pid) as the role of `url`, only while that backend runs the named run (see stopNamedBackend). */
  cancelNamed(url: string, backend: { pid: number; backendStart: string | null }, queryId: string): Promise<boolean>
  version(url: string, options?: { timeoutMs?: number }): Promise<string>
  /** pg_database_size of the project's database, asked as the project's own role (no admin needed: self-hosted has none). */
  sizeBytes(url: string): Promise<number>
  /** ALTER ROLE … PASSWORD for the role of `url`, as the admin; answers `url` with the new password. */
  setPassword(adminUrl: string, url: string, password: string): Promise<string>
  /** Ends this process's pools for these connection strings. */
  closePools(urls: string[]): Promise<void>
  /** The server's one-time set-up (secure-server.ts), once per process. */
  secure(adminUrl: string): Promise<void>
  closeAll(): Promise<void>
}

export type ServerDatabasesConfig = {
  maxResultBytes: number
  tempFileLimit: string
  /** How long a cancelled statement may go on before its session is ended (SQL_TERMINATE_GRACE_MS). */
  terminateGraceMs: number
  /** The admin connection strings of PROJECT_DB_SERVERS: the terminate's fallback on their servers. */
  adminUrls?: string[]
  /** Sessions the project's own role may hold at once, its clients' and the platform's together (PROJECT_CONNECTION_LIMIT). */
  connectionLimit?: number
}

export function serverDatabases({ maxResultBytes, tempFileLimit, terminateGraceMs, adminUrls = [], connectionLimit = -1 }: ServerDatabasesConfig): ServerDatabases {
  const pools = new ServerPools()
  /** Admin URLs whose server-wide set-up (revoking CONNECT on shared databases) is done. */
  const secured: SecuredServers = new Map()
  const provisioning = { pools, secured, tempFileLimit, connectionLimit }
  const running = { pools, maxResultBytes, terminateGraceMs, adminUrlFor: (url: string) => adminUrlForServerOf(adminUrls, url) }
  const closePools = (urls: string[]) => pools.close(urls)

  return {
    provision: (adminUrl, ref, options) => provisionProject(provisioning, adminUrl, ref, options),
    ensureReadOnly: (adminUrl, ref, ownerUrl) => ensureReadOnly(provisioning, adminUrl, ref, ownerUrl),
    ensureService: (adminUrl, ref) => ensureService(provisioning, adminUrl, ref),
    async suspend(adminUrl, ref, urls) {
      // This process's pools first, so that ending their connections is no surprise to them.
      await closePools(urls)
      await asAdmin(pools, adminUrl, (admin) => suspendDatabase(admin, ref))
    },
    resume: (adminUrl, ref) => asAdmin(pools, adminUrl, (admin) => resumeDatabase(admin, adminUrl, ref)),
    async restart(adminUrl, ref, urls) {
      await closePools(urls)
      await asAdmin(pools, adminUrl, (admin) => restartDatabase(admin, ref))
    },
    async drop(adminUrl, ref, urls) {
      await closePools(urls)
      await asAdmin(pools, adminUrl, (admin) => dropDatabase(admin, adminUrl, ref))
    },
    run: (url, sql, options, control) => runSql(running, url, sql, options, control),
    async setPassword(adminUrl, url, password) {
      const next = new URL(url)
      const role = decodeURIComponent(next.username)
      // A SCRAM verifier, not the password: the statement (in the server's log, pg_stat_activity)
      // never holds it. Then every session of the role ends, wherever it came from: the old
      // password must not keep working through a connection opened with it.
      const verifier = verifierText(await makeVerifierAsync(password))
      await asAdmin(pools, adminUrl, async (admin) => {
        await admin.query(`ALTER ROLE ${pg.escapeIdentifier(role)} PASSWORD ${pg.escapeLiteral(verifier)}`)
        // Needs a superuser admin or one granted pg_signal_backend: without, say so, the change stands.
        await admin
          .query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1 and pid <> pg_backend_pid()', [role])
          .catch((e) => console.warn(`[project-db] could not end the sessions of ${role} after its password changed: ${(e as Error).message}`))
      })
      next.password = encodeURIComponent(password)
      return next.toString()
    },
    closePools,
    secure: (adminUrl) => asAdmin(pools, adminUrl, () => secureServer(secured, pools, adminUrl)),
    cancelNamed: (url, backend, queryId) => stopNamedBackend(url, backend, runApplicationName(queryId), APPLICATION_NAME, terminateGraceMs),
    version: serverVersion,
    async sizeBytes(url) {
      let client: pg.PoolClient | undefined
      try {
        client = await pools.forUrl(url, CONNECT_TIMEOUT_MS).connect()
        // As the login role: pg_database_size asks for CONNECT of the current role, and a service
        // role's sessions start as the project's, which has none while the database is held
        // read-only (server/projects/read-only-mode.ts). The login role got in: it has CONNECT.
        await client.query('BEGIN READ ONLY')
        await client.query('SET LOCAL ROLE NONE')
        // Qualified: the database's owner may set its search_path (ALTER DATABASE … SET) to put
        // a pg_database_size of its own first, and quotas and usage read this measure.
        const { rows } = await client.query<{ bytes: string }>('select pg_catalog.pg_database_size(pg_catalog.current_database())::pg_catalog.text as bytes')
        await client.query('COMMIT')
        return Number(rows[0].bytes)
      } catch (e) {
        await client?.query('ROLLBACK').catch(() => undefined)
        throw classify(e)
      } finally {
        client?.release()
      }
    },
    async closeAll() {
      secured.clear()
      await pools.closeAll()
    },
  }
}
