import pg from 'pg'

/** SQLSTATEs that mean "the database is not there for you right now", not "your SQL is wrong". */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28P01', '28000'])

/**
 * Whether a driver error means the database cannot be reached: a socket error (refused, reset,
 * timed out, unknown host), a connection cut mid-query, no free connection in time, or a server
 * that is shutting down, full, or no longer has this database or role.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (error instanceof pg.DatabaseError) return typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code))
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true // ECONNREFUSED, ETIMEDOUT, ENOTFOUND …
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i.test(error.message)
}
