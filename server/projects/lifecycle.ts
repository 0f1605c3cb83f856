/**
 * Lifecycle requests: pause, restore, restart and delete. A request only moves the project into
 * its transitional status (PAUSING, RESTORING, RESTARTING, GOING_DOWN), atomically and only from
 * a status that allows it (LIFECYCLE_FROM); the work itself runs in the background
 * (transitions.ts), so an app instance that stops half-way leaves a status another one resumes.
 * A pause, restore or delete is written to the organization's audit log once it is accepted.
 */
import { LIFECYCLE_FROM, type AuditAction, type LifecycleAction, type ProjectDetail, type ProjectStatus } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { conflict } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { assertFreePlanRoom } from './free-plan'
import { readProject } from './projects'
import { toProjectDetail } from './serialize'

const TARGET: Record<LifecycleAction, ProjectStatus> = {
  pause: 'PAUSING',
  restore: 'RESTORING',
  restart: 'RESTARTING',
  delete: 'GOING_DOWN',
}

/** A restart changes nothing anyone would audit: the project is the same before and after. */
const AUDITED: Partial<Record<LifecycleAction, AuditAction>> = {
  pause: 'project.paused',
  restore: 'project.restored',
  delete: 'project.deleted',
}

const sqlList = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ')

const describe = (status: ProjectStatus) => status.toLowerCase().replace(/_/g, ' ')

/** Why an action does not apply to the project's status, in words. */
function refusal(action: LifecycleAction, status: ProjectStatus): string {
  switch (action) {
    case 'pause':
      return status === 'INACTIVE' || status === 'PAUSING'
        ? 'This project is already paused.'
        : `Only an active project can be paused; this one is ${describe(status)}.`
    case 'restore':
      return status === 'RESTORING' || status.startsWith('ACTIVE')
        ? 'This project is not paused: there is nothing to restore.'
        : `Only a paused project can be restored; this one is ${describe(status)}.`
    case 'restart':
      return `Only an active project can be restarted; this one is ${describe(status)}.`
    case 'delete':
      return 'This project is already being deleted.'
  }
}

/** `requestedBy` is the user who asked, for the audit log; null when the platform itself asks. */
export async function requestTransition(
  platform: Platform,
  project: ProjectAccess,
  action: LifecycleAction,
  requestedBy: AuthUser | null = null
): Promise<ProjectDetail> {
  const target = TARGET[action]
  const { row, branchesDeleted } = await platform.db.transaction(async (tx) => {
    // Bringing a Free project back makes it active again: it needs a place like a new one.
    if (action === 'restore') await assertFreePlanRoom(tx, project.organization_id, project.plan, { excludingRef: project.ref })
    const moved = await tx.query(
      `update projects set status = $2, status_message = null, transition_attempts = 0, next_transition_at = null,
         last_activity_at = now(), updated_at = now()
       where ref = $1 and organization_id = $3 and status in (${sqlList(LIFECYCLE_FROM[action])}) returning ref`,
      [project.ref, target, project.organization_id]
    )
    const current = await readProject(tx, project.ref)
    // Transferred meanwhile (server/projects/transfer.ts): the caller's right was checked in the organization it left.
    if (moved.length === 0 && current.organization_id !== project.organization_id)
      throw conflict('This project has just been moved to another organization; open it there.')
    if (moved.length === 0) throw conflict(refusal(action, current.status))
    // A branch lives only with its parent: deleting the parent deletes its branches.
    const branches =
      action === 'delete'
        ? await tx.query<{ ref: string }>(
            `update projects set status = 'GOING_DOWN', status_message = null, transition_attempts = 0, next_transition_at = null, updated_at = now()
             where parent_project_ref = $1 and status not in ('GOING_DOWN', 'REMOVED') returning ref`,
            [project.ref]
          )
        : []
    return { row: current, branchesDeleted: branches.map((b) => b.ref) }
  })
  platform.scheduler.kick()
  const audited = AUDITED[action]
  if (audited)
    await recordAudit(platform.db, {
      organizationId: row.organization_id,
      action: audited,
      actor: requestedBy && { id: requestedBy.id, email: requestedBy.email },
      target: { type: 'project', id: row.ref, name: row.name },
      // Its preview branches go with it: named, since they get no entries of their own.
      details: branchesDeleted.length > 0 ? { branches: branchesDeleted } : {},
    })
  return toProjectDetail(row)
}
