/**
 * This process's connection pools to project databases: one small pool per URL (a project's role,
 * or a server's admin). The session default of statement_timeout is a startup parameter of a
 * pool's connections, so a run with the usual timeout costs no round trip.
 */
import pg from 'pg'
import { adminPool } from './admin-session'

/** Every connection's application_name: RESET ALL returns to it after a named run. */
export const APPLICATION_NAME = 'dashboard'
export const POOL_SIZE = 3
const ADMIN_POOL_SIZE = 2
export const DEFAULT_TIMEOUT_MS = 60_000
/** Waiting for a connection is bounded: a server that does not answer is reported, not waited on. */
export const CONNECT_TIMEOUT_MS = 10_000

const ADMIN_KEY = 'admin:'

export class ServerPools {
  private readonly pools = new Map<string, pg.Pool>()
  /** Session default of statement_timeout for a pool's connections (set at connect time). */
  private readonly timeouts = new WeakMap<pg.Pool, number>()

  /** The pool of a project role's URL; made with `timeoutMs` as its session default on first use. */
  forUrl(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): pg.Pool {
    let pool = this.pools.get(url)
    if (!pool) {
      pool = new pg.Pool({
        connectionString: url,
        max: POOL_SIZE,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        // Sent in the startup packet, so it is the session default that RESET ALL returns to: a
        // run with the usual timeout needs no extra round trip.
        statement_timeout: timeoutMs,
        application_name: APPLICATION_NAME,
      })
      // An idle client whose server went away must not crash the process.
      pool.on('error', (e) => console.warn(`[project-db] idle connection error: ${e.message}`))
      // Nor one that is checked out between statements (the pool listens only while it is idle):
      // a statement in flight still fails with the error itself.
      pool.on('connect', (client) => client.on('error', (e) => console.warn(`[project-db] connection error: ${e.message}`)))
      this.timeouts.set(pool, timeoutMs)
      this.pools.set(url, pool)
    }
    return pool
  }

  /** The statement_timeout a pool's sessions start with. */
  timeoutOf(pool: pg.Pool): number | undefined {
    return this.timeouts.get(pool)
  }

  admin(adminUrl: string): pg.Pool {
    const key = `${ADMIN_KEY}${adminUrl}`
    let pool = this.pools.get(key)
    if (!pool) {
      pool = adminPool(adminUrl, { max: ADMIN_POOL_SIZE, idleTimeoutMs: 10_000 }, { connectTimeoutMs: CONNECT_TIMEOUT_MS })
      pool.on('error', (e) => console.warn(`[project-db] idle admin connection error: ${e.message}`))
      this.pools.set(key, pool)
    }
    return pool
  }

  /** Ends the pools of these connection strings (pause, restart, drop). */
  async close(urls: string[]): Promise<void> {
    const ending = urls.flatMap((url) => {
      const pool = this.pools.get(url)
      this.pools.delete(url)
      return pool ? [pool.end().catch(() => undefined)] : []
    })
    await Promise.all(ending)
  }

  /** The pooled connection strings to `database` on the server of `url` (any role, admins aside). */
  urlsTo(url: string, database: string): string[] {
    const server = new URL(url)
    return [...this.pools.keys()].filter((key) => {
      if (key.startsWith(ADMIN_KEY)) return false
      const other = new URL(key)
      return other.host === server.host && decodeURIComponent(other.pathname.slice(1)) === database
    })
  }

  async closeAll(): Promise<void> {
    const all = [...this.pools.values()]
    this.pools.clear()
    await Promise.all(all.map((p) => p.end().catch(() => undefined)))
  }
}
