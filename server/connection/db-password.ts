/**
 * The password of a project's own role: the one in its stored connection string, kept in the
 * project's row (db_location) and changed only while that row is locked, so that two changes at
 * once end with the stored and the real password the same (the last one).
 */
import { randomBytes } from 'node:crypto'
import type { Platform } from '../kernel/platform'
import type { ProjectDbLocation } from '../databases'
import type { ProjectStatus } from '@/lib/api-types'
import { PlatformError } from '../kernel/errors'
import { notServingMessage } from '../sql/not-serving'

/** 32 characters of base64url (192 bits): safe in a URL, a shell line and a .env file as it is. */
export const generatePassword = () => randomBytes(24).toString('base64url')

/** The password a location holds. */
export const passwordOf = (location: ProjectDbLocation): string => decodeURIComponent(new URL(location.url).password)

const SERVING: ProjectStatus[] = ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY']

type LockedRow = { status: ProjectStatus; db_location: ProjectDbLocation | null }

async function lockedProject(tx: Pick<Platform['db'], 'query'>, ref: string): Promise<LockedRow> {
  const [row] = await tx.query<LockedRow>('select status, db_location from projects where ref = $1 for update', [ref])
  if (!row) throw new PlatformError(404, 'Project not found')
  return row
}

/** Where the project's database is, or 409 while it has none yet. */
export function requireLocation(project: { status: ProjectStatus; db_location: ProjectDbLocation | null }): ProjectDbLocation {
  if (!project.db_location) throw new PlatformError(409, notServingMessage(project.status))
  return project.db_location
}

/**
 * Sets the password of the project's own role. Refused (409) while the project does not serve
 * (paused, being set up or removed) and, self-hosted, for the database DATABASE_URL names (that
 * variable would put the old password back at the next start). Afterwards the old password
 * stops working: sessions that used it are ended (by the server), and this process's pools too.
 */
export async function changePassword(platform: Platform, project: { ref: string; region: string }, password: string): Promise<void> {
  const { before } = await platform.db.transaction(async (tx) => {
    const row = await lockedProject(tx, project.ref)
    if (!SERVING.includes(row.status) || !row.db_location) throw new PlatformError(409, notServingMessage(row.status))
    if (!platform.config.isPlatform && platform.config.databaseUrl && row.db_location.url === platform.config.databaseUrl)
      throw new PlatformError(409, "This project's database is the one DATABASE_URL names: change the role's password on that server and in DATABASE_URL.")
    const next = await platform.databases.setPassword(row.db_location, project.region, password)
    await tx.query('update projects set db_location = $2, updated_at = now() where ref = $1', [project.ref, JSON.stringify(next)])
    return { before: row.db_location, after: next }
  })
  await platform.databases.endPools([before.url])
}
