/**
 * The control plane's database, on a PostgreSQL server: PLATFORM_DATABASE_URL, or the database
 * `platform` of the server the platform runs itself (server/engine/). The rest of the platform
 * reaches it through this small interface.
 */
import { createHash } from 'node:crypto'
import pg from 'pg'

/** A result row; callers name its shape with the type parameter of `query`. */
export type Row = object

export type QueryOptions = {
  /**
   * Keep the statement prepared on each connection: parsed
   * and planned once per connection instead of on every call. For the few statements every
   * request makes, whose text is fixed (never with values spliced in: one prepared statement per
   * distinct text and connection).
   */
  prepare?: boolean
}

export interface Queryable {
  query<T extends Row = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface ControlPlaneDb extends Queryable {
  /** Runs fn in one transaction on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Every notification of `channel` (LISTEN), on a connection of its own, connected again (with
   * `onReconnect`, since notifications meanwhile are lost) whenever it ends, until closed.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<{ close(): Promise<void> }>
  close(): Promise<void>
}

/** A prepared statement's name comes from its text: one text, one statement per connection. */
const preparedNames = new Map<string, string>()
function queryConfig(text: string, values: unknown[], options?: QueryOptions): pg.QueryConfig {
  if (!options?.prepare) return { text, values }
  let name = preparedNames.get(text)
  if (!name) preparedNames.set(text, (name = `cp_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`))
  return { name, text, values }
}

/** Connections to the control plane; waiting for one is bounded (the caller then gets a 503). */
const POOL_SIZE = 10
const CONNECT_TIMEOUT_MS = 10_000

export async function openServerControlPlane(url: string): Promise<ControlPlaneDb> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  pool.on('error', (error) => console.error('Control-plane connection error:', error.message))
  await revokePublicConnect(pool)
  return {
    async query<T extends Row>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      return (await pool.query(queryConfig(sql, params, options))).rows as T[]
    },
    async exec(sql) {
      await pool.query(sql)
    },
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn({
          query: async <T extends Row>(s: string, p: unknown[] = [], o?: QueryOptions) => (await client.query(queryConfig(s, p, o))).rows as T[],
          exec: async (s) => void (await client.query(s)),
        })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    listen: (channel, onPayload, onReconnect) => listenOn(url, channel, onPayload, onReconnect),
    close: () => pool.end(),
  }
}

const LISTEN_RETRY_MS = [250, 1000, 5000]

async function listenOn(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<{ close(): Promise<void> }> {
  let closed = false
  let client: pg.Client | null = null
  let attempt = 0
  const reconnect = () => {
    if (closed) return
    const wait = LISTEN_RETRY_MS[Math.min(attempt++, LISTEN_RETRY_MS.length - 1)]
    setTimeout(() => void connect().then(() => onReconnect?.(), reconnect), wait).unref()
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'listen' })
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    next.on('error', () => undefined)
    try {
      await next.connect()
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    } catch (error) {
      await next.end().catch(() => undefined)
      throw error
    }
    if (closed) return void (await next.end().catch(() => undefined))
    next.on('end', () => {
      if (client !== next) return
      client = null
      reconnect()
    })
    client = next
    attempt = 0
  }
  await connect()
  return {
    close: async () => {
      closed = true
      const current = client
      client = null
      await current?.end().catch(() => undefined)
    },
  }
}

/**
 * Project roles may live on the same server: none of them may connect to the control plane
 * (users, sessions, every project's connection string). Only roles granted CONNECT explicitly
 * (the platform's own, first) can. A role that does not own the database cannot do this: the
 * log then says so, and docs/self-hosting.md says how to do it by hand.
 */
async function revokePublicConnect(pool: pg.Pool) {
  try {
    const { rows } = await pool.query<{ db: string }>('select current_database() as db')
    const db = pg.escapeIdentifier(rows[0].db)
    await pool.query(`GRANT CONNECT ON DATABASE ${db} TO CURRENT_USER`)
    await pool.query(`REVOKE CONNECT ON DATABASE ${db} FROM PUBLIC`)
  } catch (error) {
    console.warn(`Could not revoke CONNECT on the control-plane database from PUBLIC: ${(error as Error).message}`)
  }
}
