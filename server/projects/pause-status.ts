/**
 * GET /platform/projects/{ref}/pause-status: the inactivity rule (inactivity.ts) as it stands for
 * one project. It applies to projects of Free organizations in platform mode; the pause comes at
 * the first check after `last_activity_at + PAUSE_INACTIVE_AFTER_SECONDS`, so `pause_at` is the
 * earliest moment, and any activity (SQL, the data API) moves it on.
 */
import type { PauseStatus } from '@/lib/api-types'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'

export async function pauseStatus(platform: Platform, project: ProjectAccess): Promise<PauseStatus> {
  const seconds = platform.config.pauseInactiveAfterSeconds
  const [row] = await platform.db.query<{ last: Date | null; free: boolean }>(
    `select p.last_activity_at as last, o.plan = 'free' as free from projects p join organizations o on o.id = p.organization_id where p.id = $1`,
    [project.id]
  )
  const last = row?.last ? new Date(row.last) : null
  const applies = platform.config.isPlatform && !!row?.free
  return {
    applies,
    last_activity_at: last?.toISOString() ?? null,
    pause_at: applies && last ? new Date(last.getTime() + seconds * 1000).toISOString() : null,
    inactive_after_seconds: seconds,
  }
}
