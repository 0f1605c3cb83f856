/** What a driver error means to the caller: the server is gone, the pool is busy, or the SQL failed. */
import pg from 'pg'
import { isUnavailable } from '../db/unavailable'
import { POOL_SIZE, type ServerPools } from './pools'
import { ADMIN_SHUTDOWN, DatabaseUnavailableError, NOT_ACCEPTING_CONNECTIONS, SqlError } from './types'

/** pg-pool's words when every connection of a full pool stayed busy for connectionTimeoutMillis. */
const POOL_BUSY = 'timeout exceeded when trying to connect'

export function classify(error: unknown): unknown {
  if (isUnavailable(error))
    return new DatabaseUnavailableError("The project's database server does not answer.", error instanceof Error ? error.message : String(error))
  if (!(error instanceof pg.DatabaseError)) return error
  return new SqlError(error.message, {
    code: error.code,
    position: error.position ? Number(error.position) : undefined,
    detail: error.detail,
    hint: error.hint,
  })
}

/**
 * Waiting for a pooled connection: a full pool whose runs did not end in time is busy, not down
 * (the server answers them): the caller hears so, and the project is not marked unhealthy. A
 * database that takes no connections now is one the platform closed while it copies it (a backup,
 * a new branch; the project stays active): said in words, with Postgres' own as the detail.
 */
export function classifyConnect(error: unknown): unknown {
  if (error instanceof Error && error.message === POOL_BUSY)
    return new SqlError(
      `All ${POOL_SIZE} connections to the project's database are busy running other statements; try again when one of them has ended.`,
      { code: '53300' }
    )
  if (error instanceof pg.DatabaseError && error.code === NOT_ACCEPTING_CONNECTIONS)
    return new SqlError(
      "The project's database is closed for a moment while the platform copies it (a backup or a new branch). Try again in a few seconds.",
      { code: NOT_ACCEPTING_CONNECTIONS, detail: error.message }
    )
  return classify(error)
}

/** A session ended by pg_terminate_backend (or a server shutting down: the caller asks the server). */
export const sessionEnded = (error: unknown) =>
  (error instanceof pg.DatabaseError && error.code === ADMIN_SHUTDOWN) || (error instanceof Error && error.message === 'Connection terminated unexpectedly')

/** Admin work: a server that does not answer is DatabaseUnavailableError, as for SQL. */
export async function asAdmin<T>(pools: ServerPools, adminUrl: string, fn: (admin: pg.Pool) => Promise<T>): Promise<T> {
  try {
    return await fn(pools.admin(adminUrl))
  } catch (e) {
    throw classify(e)
  }
}
