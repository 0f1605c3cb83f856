/**
 * Whether a project's database serves a member's SQL, asked the same way by every path that runs
 * it (the SQL endpoint, the privileges pages, GraphQL): a restricted organization answers 402; an
 * unhealthy project is probed once first, so a database that came back is used at once, and one
 * that still does not answer gives 503 (a project whose health is unknown is probed too, and used
 * at once when it answers); a project paused, not ready or busy (restoring, resizing,
 * upgrading, its health unknown …) gives 409 saying why. Answers where the database is.
 */
import type { ProjectDbLocation } from '../databases'
import { PlatformError } from '../kernel/errors'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { recheckNow } from '../projects/health'
import { notServingMessage, restrictedMessage } from './not-serving'

export async function servingLocation(platform: Platform, project: ProjectAccess): Promise<ProjectDbLocation> {
  if (project.organization_restriction_status === 'restricted') throw new PlatformError(402, restrictedMessage(project.organization_quota_note))
  const location = project.db_location
  if (project.status === 'ACTIVE_UNHEALTHY' && location && !(await recheckNow(platform, project.ref, location)))
    throw new PlatformError(503, `The project's database does not answer. ${project.status_message ?? ''}`.trim())
  // Health unknown: probed once too; an answer makes it healthy and the SQL runs, none keeps the 409.
  if (project.status === 'UNKNOWN' && location && (await recheckNow(platform, project.ref, location))) return location
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY') || !location) throw new PlatformError(409, notServingMessage(project.status))
  return location
}
