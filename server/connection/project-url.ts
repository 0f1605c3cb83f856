/**
 * A connection string that reaches a project's database as its own role (with `readOnly`, as its
 * read-only role; while read-only mode holds it, as the platform's own login as its role), for
 * the platform's own clients that need a real Postgres connection (the GraphQL endpoint).
 */
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { readOnlyLocation, serviceLocation, serviceUrlOf } from '../sql/read-only-location'
import { requireLocation } from './db-password'

export async function projectConnectionUrl(platform: Platform, project: ProjectAccess, options: { readOnly: boolean }): Promise<string> {
  const stored = requireLocation(project)
  // Held read-only (read-only mode): the project's role has no CONNECT, the platform's own login
  // as it does, and the database's read-only default holds for what GraphQL runs.
  if (!options.readOnly && project.read_only_enforced) return serviceUrlOf(await serviceLocation(platform, project.ref, project.region, stored))
  if (!options.readOnly) return stored.url
  const location = await readOnlyLocation(platform, project.ref, project.region, stored)
  if (!location.readOnlyUrl) throw new Error(`project ${project.ref} has no read-only role`)
  return location.readOnlyUrl
}
