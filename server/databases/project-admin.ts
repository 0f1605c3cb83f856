/**
 * The platform's admin on the server a project lives on: where that admin is, and a session of it
 * in the project's database (pinned in admin-session.ts: it resolves nothing a project planted and
 * writes in a project in read-only mode). Every part of the platform that acts as the admin for a
 * project finds it here.
 */
import type pg from 'pg'
import type { Platform } from '../kernel/platform'
import { PlatformError } from '../kernel/errors'
import { withAdminSession } from './admin-session'
import { ownerRoleOf } from './role-names'
import { adminUrlForRegion, parseProjectDbServers } from './server-targets'

/**
 * The admin URL of the server a region's projects live on (the servers the platform resolved at
 * start, its own included, else the setting), or null: a project on a database given as it is.
 */
export function adminUrlOf(platform: Platform, region: string): string | null {
  // A platform made by hand in a test may have no servers resolved.
  const servers = (platform as { servers?: { projectDbServers?: string } }).servers
  return adminUrlForRegion(parseProjectDbServers(servers?.projectDbServers ?? platform.config.projectDbServers), region) ?? null
}

/** The same, for work that cannot go on without it (a backup, a resize): a missing server is the platform's failure. */
export function serverAdminUrl(platform: Platform, region: string): string {
  const adminUrl = adminUrlOf(platform, region)
  if (!adminUrl) throw new Error(`No PostgreSQL server is configured for region ${region}`)
  return adminUrl
}

/** The project's database: named as its role is. */
export const projectDatabase = (ref: string) => ownerRoleOf(ref)

/**
 * A pinned admin session in `database` (the project's, or null for the server's maintenance
 * database); 409 for a project whose database the platform does not manage.
 */
export async function withProjectAdmin<T>(platform: Platform, project: { region: string }, database: string | null, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = adminUrlOf(platform, project.region)
  if (!adminUrl) throw new PlatformError(409, "This needs a database on a server the platform manages; this project's database is given as it is.")
  return withAdminSession(adminUrl, fn, database ? { database } : {})
}
