/**
 * Where a read-only member's SQL runs. Projects made before read-only roles existed get theirs on
 * first use (a login role), and the location that now names it is stored. The project's row is locked meanwhile: two first uses at
 * once must not each give the role a new password and keep the other's.
 */
import type { Platform } from '../platform-type'
import type { ProjectDbLocation } from '../databases'

export async function readOnlyLocation(platform: Platform, ref: string, region: string, location: ProjectDbLocation): Promise<ProjectDbLocation> {
  if (location.readOnlyUrl) return location
  return platform.db.transaction(async (tx) => {
    const [row] = await tx.query<{ db_location: ProjectDbLocation | null }>('select db_location from projects where ref = $1 for update', [ref])
    const current = row?.db_location ?? location
    const ensured = await platform.databases.ensureReadOnly(current, region)
    if (ensured !== current) await tx.query(`update projects set db_location = $2, updated_at = now() where ref = $1`, [ref, JSON.stringify(ensured)])
    return ensured
  })
}
