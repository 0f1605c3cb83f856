/**
 * Free projects are paused after PAUSE_INACTIVE_AFTER_SECONDS without activity (SPEC §4: one
 * week); projects on a paid plan never are. The pass only moves them to PAUSING, in one
 * statement (two app instances running it at once pause each project once); the pause itself is
 * the usual background transition. The reason stays in status_message.
 */
import type { Platform } from '../platform'

function describeSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} ${seconds === 86_400 ? 'day' : 'days'}`
  if (seconds % 3_600 === 0) return `${seconds / 3_600} ${seconds === 3_600 ? 'hour' : 'hours'}`
  return `${seconds} seconds`
}

/** Answers how many projects it started to pause. */
export async function pauseInactiveProjects(platform: Platform): Promise<number> {
  const seconds = platform.config.pauseInactiveAfterSeconds
  const paused = await platform.db.query(
    `update projects set status = 'PAUSING', status_message = $2, transition_attempts = 0, next_transition_at = null, updated_at = now()
     where plan = 'free' and status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY')
       and last_activity_at < now() - make_interval(secs => $1)
     returning ref`,
    [seconds, `Paused automatically after ${describeSeconds(seconds)} without activity (Free plan). Restore it to use it again.`]
  )
  if (paused.length > 0) platform.scheduler.kick()
  return paused.length
}
