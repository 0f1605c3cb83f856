/**
 * A project's last activity: a SQL run, or a lifecycle action on it. Free projects without
 * activity for PAUSE_INACTIVE_AFTER_SECONDS are paused (inactivity.ts). Written at most once a
 * minute per project (less often than that makes no difference to a pause measured in days), so
 * a busy project does not write the control plane on every query.
 */
import type { Platform } from '../kernel/platform'

/** Seconds within which a project's activity is not written again. */
export const activityThrottleSeconds = (platform: Platform) => Math.min(60, platform.config.pauseInactiveAfterSeconds / 10)

/**
 * The update of recordActivity, for a statement that writes more (content/history.ts): the
 * project's `where` condition and the throttle's parameter named by the caller.
 */
export const touchActivitySql = (projectWhere: string, throttleParam: string) =>
  `update projects set last_activity_at = now() where ${projectWhere} and last_activity_at < now() - make_interval(secs => ${throttleParam})`

export async function recordActivity(platform: Platform, ref: string) {
  await platform.db.query(touchActivitySql('ref = $1', '$2'), [ref, activityThrottleSeconds(platform)])
}
