/**
 * The control plane's database: embedded PGlite under DATA_DIR by default, or a PostgreSQL server
 * (PLATFORM_DATABASE_URL). Both are reached through this small interface so that the rest of the
 * platform never knows which one it runs on.
 */
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/** A result row; callers name its shape with the type parameter of `query`. */
export type Row = object

export interface Queryable {
  query<T extends Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface ControlPlaneDb extends Queryable {
  /** Runs fn in one transaction on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Runs fn while holding a lock named `key` across every app copy sharing this control plane;
   * answers undefined without running fn when someone else holds it.
   */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T | undefined>
  close(): Promise<void>
  readonly kind: 'embedded' | 'server'
}

export async function openEmbeddedControlPlane(dataDir: string | null): Promise<ControlPlaneDb> {
  let db: PGlite
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true })
    db = await PGlite.create({ dataDir: path.join(dataDir, 'platform') })
  } else {
    db = await PGlite.create()
  }
  // One PGlite is one session: transactions from concurrent requests must not interleave.
  let chain: Promise<unknown> = Promise.resolve()
  const serialize = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = chain.then(fn, fn)
    chain = next.catch(() => undefined)
    return next
  }
  // An embedded control plane belongs to one process: an in-process set of held keys will do.
  const held = new Set<string>()
  return {
    kind: 'embedded',
    async withLock(key, fn) {
      if (held.has(key)) return undefined
      held.add(key)
      try {
        return await fn()
      } finally {
        held.delete(key)
      }
    },
    query: <T extends Row>(sql: string, params: unknown[] = []) => serialize(async () => (await db.query<T>(sql, params)).rows),
    exec: (sql) => serialize(async () => void (await db.exec(sql))),
    transaction: (fn) =>
      serialize(() =>
        db.transaction((tx) =>
          fn({
            query: async <T extends Row>(s: string, p: unknown[] = []) => (await tx.query<T>(s, p)).rows,
            exec: async (s) => void (await tx.exec(s)),
          })
        )
      ),
    close: () => db.close(),
  }
}

export async function openServerControlPlane(url: string): Promise<ControlPlaneDb> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  pool.on('error', (error) => console.error('Control-plane connection error:', error.message))
  return {
    kind: 'server',
    async query<T extends Row>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[]
    },
    async exec(sql) {
      await pool.query(sql)
    },
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn({
          query: async (s, p = []) => (await client.query(s, p)).rows,
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
    async withLock(key, fn) {
      // A session-level advisory lock on a connection of its own, held while fn runs.
      const client = await pool.connect()
      try {
        const [{ locked }] = (await client.query('select pg_try_advisory_lock(hashtext($1)) as locked', [key])).rows
        if (!locked) return undefined
        try {
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [key])
        }
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
