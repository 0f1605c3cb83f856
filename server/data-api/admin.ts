/** A client of the server admin's on a project's database (the data API's set-up and checks). */
import type pg from 'pg'
import type { Platform } from '../platform-type'
import { adminUrlForRegion, parseProjectDbServers } from '../databases/servers'
import { ownerRoleOf } from '../databases/server-lifecycle'
import { PlatformError } from '../http/errors'
import { withAdminSession } from '../databases/admin-session'

/** The admin URL of the server a project's region lives on, or null (a database given as it is, self-hosted). */
export function adminUrlOf(platform: Platform, region: string): string | null {
  return adminUrlForRegion(parseProjectDbServers(platform.servers.projectDbServers), region) ?? null
}

export async function withAdmin<T>(platform: Platform, project: { ref: string; region: string }, database: string | null, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = adminUrlOf(platform, project.region)
  if (!adminUrl) throw new PlatformError(409, "The data API needs a database on a server the platform manages; this project's database is given as it is.")
  // Pinned (admin-session.ts): the platform's set-up (grants for the data API's roles) resolves
  // nothing the project planted, and still writes in a project in read-only mode.
  return withAdminSession(adminUrl, fn, database ? { database } : {})
}

export const projectDatabase = (ref: string) => ownerRoleOf(ref)
