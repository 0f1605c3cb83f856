/**
 * A project's last activity: a SQL run, or a lifecycle action on it. Free projects without
 * activity for PAUSE_INACTIVE_AFTER_SECONDS are paused (inactivity.ts). Written at most once a
 * minute per project (less often than that makes no difference to a pause measured in days), so
 * a busy project does not write the control plane on every query.
 */
import type { Platform } from '../platform'

export async function recordActivity(platform: Platform, ref: string) {
  const throttleSeconds = Math.min(60, platform.config.pauseInactiveAfterSeconds / 10)
  await platform.db.query(
    `update projects set last_activity_at = now() where ref = $1 and last_activity_at < now() - make_interval(secs => $2)`,
    [ref, throttleSeconds]
  )
}
