/**
 * Projects of organizations on the Free plan are paused after PAUSE_INACTIVE_AFTER_SECONDS
 * without activity (SPEC §4: one week); projects of organizations on a paid plan never are. The
 * pass only moves them to PAUSING, in one statement (two app instances running it at once pause
 * each project once); the pause itself is the usual background transition. The reason stays in
 * status_message, and the organization's audit log records the pause as the platform's own.
 */
import type { Platform } from '../kernel/platform'
import { recordAudit } from '../audit/record'

function describeSeconds(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} ${seconds === 86_400 ? 'day' : 'days'}`
  if (seconds % 3_600 === 0) return `${seconds / 3_600} ${seconds === 3_600 ? 'hour' : 'hours'}`
  return `${seconds} seconds`
}

/** Answers how many projects it started to pause. */
export async function pauseInactiveProjects(platform: Platform): Promise<number> {
  const seconds = platform.config.pauseInactiveAfterSeconds
  const paused = await platform.db.query<{ ref: string; name: string; organization_id: number }>(
    `update projects p set status = 'PAUSING', status_message = $2, transition_attempts = 0, next_transition_at = null, updated_at = now()
     from organizations o
     where o.id = p.organization_id and o.plan = 'free' and p.status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY')
       and p.last_activity_at < now() - make_interval(secs => $1)
     returning p.ref, p.name, p.organization_id::int as organization_id`,
    [seconds, `Paused automatically after ${describeSeconds(seconds)} without activity (Free plan). Restore it to use it again.`]
  )
  if (paused.length > 0) platform.scheduler.kick()
  for (const project of paused)
    await recordAudit(platform.db, {
      organizationId: project.organization_id,
      action: 'project.paused',
      actor: null,
      target: { type: 'project', id: project.ref, name: project.name },
      details: { reason: 'inactivity', inactive_for: describeSeconds(seconds) },
    })
  return paused.length
}
