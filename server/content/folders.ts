/**
 * Folders are each user's own, per project (shared snippets show in their owner's folders only).
 * A name is unique per owner and project, regardless of case. Deleting a folder moves its snippets
 * to no folder, as a change of theirs: their version goes up, so a tab still holding the old
 * folder is told (409) instead of saving into a folder that is gone.
 */
import type { ContentDeleted, ContentFolder } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { requireProfile } from '../profile/profile'

type FolderRow = { id: string; name: string; inserted_at: Date | string; updated_at: Date | string }

const COLUMNS = 'id::text as id, name, inserted_at, updated_at'

const toFolder = (row: FolderRow): ContentFolder => ({
  id: row.id,
  name: row.name,
  inserted_at: new Date(row.inserted_at).toISOString(),
  updated_at: new Date(row.updated_at).toISOString(),
})

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505'

/** The unique name index refused it: say which name, rather than the generic "just created" race. */
async function named<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (isUniqueViolation(error)) throw new PlatformError(409, `You already have a folder named "${name}" in this project.`)
    throw error
  }
}

const profileId = async (db: Queryable, user: AuthUser) => (await requireProfile(db, user.id)).id

export async function listFolders(platform: Platform, user: AuthUser, project: ProjectAccess): Promise<{ data: ContentFolder[] }> {
  const me = await profileId(platform.db, user)
  const rows = await platform.db.query<FolderRow>(`select ${COLUMNS} from content_folders where project_id = $1 and owner_id = $2 order by lower(name), id`, [project.id, me])
  return { data: rows.map(toFolder) }
}

export async function createFolder(platform: Platform, user: AuthUser, project: ProjectAccess, name: string): Promise<ContentFolder> {
  const me = await profileId(platform.db, user)
  const [row] = await named(name, () =>
    platform.db.query<FolderRow>(`insert into content_folders (project_id, owner_id, name) values ($1, $2, $3) returning ${COLUMNS}`, [project.id, me, name])
  )
  return toFolder(row)
}

export async function renameFolder(platform: Platform, user: AuthUser, project: ProjectAccess, id: string, name: string): Promise<ContentFolder> {
  const me = await profileId(platform.db, user)
  const [row] = await named(name, () =>
    platform.db.query<FolderRow>(
      `update content_folders set name = $4, updated_at = now() where id = $1 and project_id = $2 and owner_id = $3 returning ${COLUMNS}`,
      [id, project.id, me, name]
    )
  )
  if (!row) throw new PlatformError(404, 'This folder does not exist')
  return toFolder(row)
}

export function deleteFolders(platform: Platform, user: AuthUser, project: ProjectAccess, ids: string[]): Promise<ContentDeleted> {
  return platform.db.transaction(async (tx) => {
    const me = await profileId(tx, user)
    // Locked first: a snippet being saved into one of them finishes before, and is moved out too.
    const folders = await tx.query<{ id: string }>(
      `select id::text as id from content_folders where project_id = $1 and owner_id = $2 and id = any(string_to_array($3, ',')::uuid[]) for update`,
      [project.id, me, ids.join(',')]
    )
    if (!folders.length) return { deleted: [] }
    const mine = folders.map((f) => f.id).join(',')
    await tx.query(
      `update content_snippets set folder_id = null, version = version + 1, updated_at = now(), updated_by = $2
       where folder_id = any(string_to_array($1, ',')::uuid[])`,
      [mine, me]
    )
    const deleted = await tx.query<{ id: string }>(`delete from content_folders where id = any(string_to_array($1, ',')::uuid[]) returning id::text as id`, [mine])
    return { deleted: deleted.map((f) => f.id) }
  })
}
