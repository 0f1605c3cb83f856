/**
 * Locations that gain a role on first use: projects made before read-only roles (or the service
 * role) existed get theirs when the platform first needs it, and the location that now names it is
 * stored. The project's row is locked meanwhile: two first uses at once must not each give the
 * role a new password and keep the other's.
 */
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation, RunOptions } from '../databases'
import { roleCan } from '@/lib/api-types/permissions'
import type { ProjectAccess } from '../kernel/handler-types'

type Ensure = (location: ProjectDbLocation, region: string) => Promise<ProjectDbLocation>

async function ensuredLocation(platform: Platform, ref: string, region: string, location: ProjectDbLocation, has: (l: ProjectDbLocation) => boolean, ensure: Ensure) {
  if (has(location) || location.given) return location
  return platform.db.transaction(async (tx) => {
    const [row] = await tx.query<{ db_location: ProjectDbLocation | null }>('select db_location from projects where ref = $1 for update', [ref])
    const current = row?.db_location ?? location
    if (has(current)) return current
    const ensured = await ensure(current, region)
    if (ensured !== current) await tx.query(`update projects set db_location = $2, updated_at = now() where ref = $1`, [ref, JSON.stringify(ensured)])
    return ensured
  })
}

/** Where a read-only member's SQL runs: the location with its read-only role. */
export function readOnlyLocation(platform: Platform, ref: string, region: string, location: ProjectDbLocation): Promise<ProjectDbLocation> {
  return ensuredLocation(platform, ref, region, location, (l) => !!l.readOnlyUrl, (l, r) => platform.databases.ensureReadOnly(l, r))
}

/** The location with the platform's own login as the project's role (server/databases/service-role.ts). */
export function serviceLocation(platform: Platform, ref: string, region: string, location: ProjectDbLocation): Promise<ProjectDbLocation> {
  return ensuredLocation(platform, ref, region, location, (l) => !!l.serviceUrl, (l, r) => platform.databases.ensureService(l, r))
}

/** The URL the platform's own work as the project's role connects with: its service role's, else its own. */
export const serviceUrlOf = (location: ProjectDbLocation) => location.serviceUrl ?? location.url

/**
 * Where a member's SQL runs, and how: a member whose role may not change the database runs as the
 * project's read-only role; while the project's database is held read-only (read-only mode,
 * server/projects/read-only-mode.ts), everyone else runs as the project's service role in a
 * read-only transaction the SQL cannot leave (the project's own role has no CONNECT then).
 * `writes`: whether what it runs may change the database (a reload of the data API after it).
 */
export async function memberLocation(
  platform: Platform,
  project: Pick<ProjectAccess, 'ref' | 'region' | 'role' | 'read_only_enforced'>,
  location: ProjectDbLocation
): Promise<{ location: ProjectDbLocation; readOnlyRole: boolean; options: Pick<RunOptions, 'readOnly' | 'readOnlyTransaction'>; writes: boolean }> {
  if (!roleCan(project.role, 'sql:write', { isPlatform: platform.config.isPlatform }))
    return { location: await readOnlyLocation(platform, project.ref, project.region, location), readOnlyRole: true, options: { readOnly: true }, writes: false }
  if (project.read_only_enforced && !location.given) {
    const service = await serviceLocation(platform, project.ref, project.region, location)
    return { location: { ...service, url: serviceUrlOf(service) }, readOnlyRole: false, options: { readOnlyTransaction: true }, writes: false }
  }
  return { location, readOnlyRole: false, options: {}, writes: true }
}
