/**
 * Errors that say the connection, not the query, failed: the database went away (paused,
 * restarted, dropped), the password changed, the listener is not there. The cached pool is then
 * dropped and the request tried once more with a fresh connection string.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'])
// invalid_authorization_specification, invalid_password, invalid_catalog_name, admin_shutdown, crash_shutdown, cannot_connect_now
const POSTGRES_CODES = new Set(['28000', '28P01', '3D000', '57P01', '57P02', '57P03'])

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || code.startsWith('08'))) return true
  // The last: a pool closed under a request (its project forgotten meanwhile); a fresh one is made on retry.
  return /Connection terminated|timeout expired|Client has encountered a connection error|Cannot use a pool after calling end/i.test(error.message)
}
