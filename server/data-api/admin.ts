/** A client of the server admin's on a project's database (the data API's set-up and checks). */
import pg from 'pg'
import type { Platform } from '../platform-type'
import { adminUrlForRegion, parseProjectDbServers } from '../databases/servers'
import { ownerRoleOf } from '../databases/server-lifecycle'
import { PlatformError } from '../http/errors'

/** The admin URL of the server a project's region lives on, or null (a database given as it is, self-hosted). */
export function adminUrlOf(platform: Platform, region: string): string | null {
  return adminUrlForRegion(parseProjectDbServers(platform.servers.projectDbServers), region) ?? null
}

export async function withAdmin<T>(platform: Platform, project: { ref: string; region: string }, database: string | null, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = adminUrlOf(platform, project.region)
  if (!adminUrl) throw new PlatformError(409, "The data API needs a database on a server the platform manages; this project's database is given as it is.")
  const url = new URL(adminUrl)
  if (database) url.pathname = `/${database}`
  // Startup options outrank the database's own settings: the platform's set-up (grants for the
  // data API's roles) still writes in a project in read-only mode (projects/read-only-mode.ts).
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000, options: '-c default_transaction_read_only=off' })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return await fn(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

export const projectDatabase = (ref: string) => ownerRoleOf(ref)
