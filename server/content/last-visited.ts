/**
 * The snippet each user last opened in each project (SPEC §2: opening one records it). One row per
 * user and project, replaced by every visit; it goes with the snippet, and the list answers it
 * only while the caller can still see that snippet.
 */
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { requireProfile } from '../profile/profile'
import { NOT_FOUND } from './rules'
import { VISIBLE } from './serialize'

const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown })?.code === '23503'

export async function recordLastVisited(platform: Platform, user: AuthUser, project: ProjectAccess, id: string): Promise<{ id: string; visited_at: string }> {
  const me = (await requireProfile(platform.db, user.id)).id
  let rows: { id: string; visited_at: Date | string }[]
  try {
    rows = await platform.db.query(
      `insert into content_last_visited (project_id, profile_id, snippet_id, visited_at)
       select $2, $1, s.id, now() from content_snippets s where s.id = $3 and ${VISIBLE}
       on conflict (project_id, profile_id) do update set snippet_id = excluded.snippet_id, visited_at = excluded.visited_at
       returning snippet_id::text as id, visited_at`,
      [me, project.id, id]
    )
  } catch (error) {
    // Deleted by someone else between the read and the write.
    if (isForeignKeyViolation(error)) throw new PlatformError(404, NOT_FOUND)
    throw error
  }
  if (!rows.length) throw new PlatformError(404, NOT_FOUND)
  return { id: rows[0].id, visited_at: new Date(rows[0].visited_at).toISOString() }
}
