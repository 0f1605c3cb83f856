/**
 * Locations that gain a role on first use: projects made before read-only roles (or the service
 * role) existed get theirs when the platform first needs it, and the location that now names it is
 * stored. The project's row is locked meanwhile: two first uses at once must not each give the
 * role a new password and keep the other's.
 */
import type { Platform } from '../platform-type'
import type { ProjectDbLocation } from '../databases'

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
