/**
 * A session of its own as a project's role (its URL): work the platform does as that role, never
 * as an admin, so whatever the project planted runs with the project's own rights. Not pinned:
 * the role's and its database's settings are the project's to choose.
 */
import pg from 'pg'
import { connected } from './connected'

/** A client on `url`, connected (or ended, when it could not connect); the caller ends it. */
export async function roleClient(
  url: string,
  { connectTimeoutMs = 10_000, applicationName }: { connectTimeoutMs?: number; applicationName?: string } = {}
): Promise<pg.Client> {
  return connected(new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs, ...(applicationName ? { application_name: applicationName } : {}) }))
}
