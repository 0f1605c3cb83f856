/**
 * A session of its own as a project's role (its URL): work the platform does as that role, never
 * as an admin, so whatever the project planted runs with the project's own rights. Not pinned:
 * the role's and its database's settings are the project's to choose.
 */
import pg from 'pg'

/** A client on `url`, connected (or ended, when it could not connect); the caller ends it. */
export async function roleClient(
  url: string,
  { connectTimeoutMs = 10_000, applicationName }: { connectTimeoutMs?: number; applicationName?: string } = {}
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, ...(applicationName ? { application_name: applicationName } : {}) })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (e) {
    await client.end().catch(() => undefined)
    throw e
  }
  return client
}
