/** Asking a server whether it answers, on a client of its own (health checks, a cut session's diagnosis). */
import pg from 'pg'
import { classify } from './classify'
import { CONNECT_TIMEOUT_MS } from './pools'

export async function serverVersion(url: string, { timeoutMs = CONNECT_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<string> {
  // A client of its own with a short connect timeout: a health check must not wait in a pool
  // behind slow queries, nor keep connections open between checks.
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs })
  client.on('error', () => undefined)
  try {
    await client.connect()
    const { rows } = await client.query<{ version: string }>('select version()')
    return rows[0].version
  } catch (e) {
    throw classify(e)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Whether a new connection to `url` gets an answer (briefly: it only tells a cut session from a server gone). */
export const serverAnswers = (url: string) =>
  serverVersion(url, { timeoutMs: 3_000 }).then(
    () => true,
    () => false
  )
