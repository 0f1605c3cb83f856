/**
 * Transferring a project to another organization. The preview and the move run the same steps
 * in one transaction (transferSteps): lock both organizations' rows (in id order, so two
 * transfers between the same pair cannot deadlock) and the project's row, read the caller's role
 * in both as it is now, move the project and its preview branches, then apply the rules creating
 * a project applies (assertProjectRoom) to the target as it would be. The move commits; the
 * preview rolls back and reports what it found.
 *
 * The organization locks are those of project creation, plan changes and membership changes, so
 * none of them interleaves with a transfer; a delete, pause or second transfer of the same
 * project waits on the project's row and then finds it moved or changed (409).
 *
 * Usage already recorded (usage_daily, usage_active_users) keeps the organization it was recorded
 * for: the source's bill for its period includes the project's usage up to the move. The
 * project's log lines move with it (read by project, kept for its organization's retention).
 */
import { computeMisfits, misfitSentence } from './compute-fit'
import { NOT_ACTIVE_STATUSES, PLAN_NAMES, isTransitionalStatus, roleCan, type OrganizationRole, type ProjectStatus, type TransferAnswer, type TransferPreview } from '@/lib/api-types'
import { formatBytes } from '@/lib/format-bytes'
import type { Queryable } from '../db/control-plane'
import { badRequest, conflict, isPlatformError, PlatformError } from '../kernel/errors'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { recordAudit } from '../audit/record'
import { databaseSizeQuota } from '../billing/quotas'
import { assertProjectRoom, lockOrganizationPlan, type LockedPlan } from './free-plan'
import { readProject } from './projects'
import { toProjectDetail } from './serialize'
import { releaseProject } from '../gateway/services'

/** Same words whether the organization does not exist, the caller is not in it, or their role is too low: nothing is confirmed. */
export const TARGET_REFUSED = 'You can transfer a project only to an organization where you are an Owner or Admin.'

type Moved = { ref: string; name: string; status: ProjectStatus; parent_project_ref: string | null; db_size_bytes: string | null }
type Member = { username: string; email: string; role: OrganizationRole }

type Outcome = {
  source: LockedPlan
  target: LockedPlan & { restriction_status: string | null }
  project: Moved
  branches: Moved[]
  refusals: PlatformError[]
  warnings: string[]
}

const describe = (status: ProjectStatus) => status.toLowerCase().replace(/_/g, ' ')

async function roleIn(tx: Queryable, organizationId: number, userId: string): Promise<OrganizationRole | undefined> {
  const [row] = await tx.query<{ role: OrganizationRole }>(
    `select m.role from organization_members m join profiles p on p.id = m.profile_id where m.organization_id = $1 and p.user_id = $2`,
    [organizationId, userId]
  )
  return row?.role
}

/** Everything up to and including the move, inside `tx`. Refusals that hide nothing are collected; the others are thrown. */
async function transferSteps(tx: Queryable, platform: Platform, user: AuthUser, project: ProjectAccess, targetSlug: string): Promise<Outcome> {
  const [found] = await tx.query<{ id: number }>('select id::int as id from organizations where slug = $1', [targetSlug])
  if (!found) throw new PlatformError(403, TARGET_REFUSED)
  if (found.id === project.organization_id) throw badRequest('The project is already in this organization. Choose another organization.')

  const [first, second] = [project.organization_id, found.id].sort((a, b) => a - b)
  const locked = new Map<number, LockedPlan>()
  for (const id of [first, second]) locked.set(id, await lockOrganizationPlan(tx, id))
  const source = locked.get(project.organization_id)!
  const [{ restriction_status }] = await tx.query<{ restriction_status: string | null }>('select restriction_status from organizations where id = $1', [found.id])
  const target = { ...locked.get(found.id)!, restriction_status }

  // Roles as they are now, under the locks: the route's check of the source came before them.
  const targetRole = await roleIn(tx, target.id, user.id)
  if (!targetRole || !roleCan(targetRole, 'projects:transfer')) throw new PlatformError(403, TARGET_REFUSED)
  const sourceRole = await roleIn(tx, source.id, user.id)
  if (!sourceRole) throw new PlatformError(404, 'This project does not exist')
  if (!roleCan(sourceRole, 'projects:transfer')) throw new PlatformError(403, 'Only an Owner or Admin of its organization can transfer a project.')

  const [row] = await tx.query<Moved & { organization_id: number }>(
    `select ref, name, status, parent_project_ref, db_size_bytes, organization_id::int as organization_id from projects where ref = $1 for no key update`,
    [project.ref]
  )
  if (!row || row.status === 'REMOVED') throw new PlatformError(404, 'This project does not exist')
  if (row.organization_id !== source.id) throw conflict('This project has just been moved to another organization by someone else.')

  const refusals: PlatformError[] = []
  if (row.parent_project_ref)
    refusals.push(conflict('This project is a preview branch: it moves only with its parent project. Transfer the parent project instead.'))
  if (isTransitionalStatus(row.status))
    refusals.push(conflict(`A project can be transferred once its current operation has finished; this one is ${describe(row.status)}.`))

  const branches = await tx.query<Moved>(
    `select ref, name, status, parent_project_ref, db_size_bytes from projects where parent_project_ref = $1 and status <> 'REMOVED' order by id for no key update`,
    [project.ref]
  )
  const busy = branches.filter((b) => isTransitionalStatus(b.status))
  if (busy.length > 0)
    refusals.push(conflict(`Its preview branches move with it, and ${busy.map((b) => `“${b.name}” is ${describe(b.status)}`).join(', ')}. Wait until that has finished.`))

  if (target.restriction_status === 'restricted')
    refusals.push(new PlatformError(402, `${target.name} has used up its plan's quota and is restricted: a project moved there would not serve requests. Lift the restriction first (upgrade its plan, or pause or delete the projects over the quota).`))

  const misfits = await computeMisfits(tx, target.plan, { refs: [row.ref, ...branches.map((b) => b.ref)] })
  if (misfits.length > 0)
    refusals.push(
      new PlatformError(402, `${misfitSentence(target.plan, misfits)} Move it to a smaller size first (Project settings → Compute and Disk), or transfer it to an organization on a paid plan.`)
    )

  // The move itself: the project takes its new organization's plan (one plan per organization).
  await tx.query(
    `update projects set organization_id = $2, plan = $3, updated_at = now() where (ref = $1 or parent_project_ref = $1) and status <> 'REMOVED'`,
    [project.ref, target.id, target.plan]
  )
  // Its log lines go with it: kept for the new organization's retention, and not deleted with the old organization.
  await tx.query(
    `update log_events set organization_id = $2 where project_id in (select id from projects where ref = $1 or parent_project_ref = $1) and organization_id <> $2`,
    [project.ref, target.id]
  )
  // The limits creating a project applies, to the target as it now is: room for what moved in.
  const moving = [row, ...branches].filter((p) => !(NOT_ACTIVE_STATUSES as readonly string[]).includes(p.status))
  if (moving.length > 0) {
    try {
      await assertProjectRoom(tx, target, { excludingRef: moving[0].ref })
    } catch (error) {
      if (!isPlatformError(error)) throw error
      refusals.push(error)
    }
  }

  const warnings: string[] = []
  const quota = databaseSizeQuota(platform.config, target.tier)
  const tooLarge = [row, ...branches].filter((p) => quota !== null && p.db_size_bytes !== null && Number(p.db_size_bytes) > quota)
  for (const p of tooLarge)
    warnings.push(
      `“${p.name}” uses ${formatBytes(Number(p.db_size_bytes))} of database space; the ${PLAN_NAMES[target.plan]} plan includes ${formatBytes(quota!)} per project. ` +
        `${target.name} would go over its quota and, after the grace period, be restricted.`
    )
  if (target.restriction_status === 'grace_period' || target.restriction_status === 'grace_period_over')
    warnings.push(`${target.name} is over its plan's quota (${target.restriction_status === 'grace_period' ? 'in its grace period' : 'grace period over'}): the project may stop serving requests if the organization is restricted.`)
  if (source.plan !== target.plan)
    warnings.push(`The project moves from the ${PLAN_NAMES[source.plan]} plan to the ${PLAN_NAMES[target.plan]} plan.`)

  return { source, target, project: row, branches, refusals, warnings }
}

/** Members of `a` who are not members of `b` (by account). */
async function membersOnlyIn(db: Queryable, a: number, b: number): Promise<Member[]> {
  return db.query<Member>(
    `select p.username, p.primary_email as email, m.role from organization_members m join profiles p on p.id = m.profile_id
     where m.organization_id = $1 and not exists (select 1 from organization_members o where o.organization_id = $2 and o.profile_id = m.profile_id)
     order by p.username`,
    [a, b]
  )
}

/** Thrown to roll the preview back while carrying what it found. */
class PreviewDone {
  constructor(public readonly preview: TransferPreview) {}
}

export async function previewTransfer(platform: Platform, user: AuthUser, project: ProjectAccess, targetSlug: string): Promise<TransferPreview> {
  try {
    await platform.db.transaction(async (tx) => {
      const outcome = await transferSteps(tx, platform, user, project, targetSlug)
      const side = (o: LockedPlan) => ({ slug: o.slug, name: o.name, plan: o.plan })
      throw new PreviewDone({
        source_organization: side(outcome.source),
        target_organization: side(outcome.target),
        project: { ref: outcome.project.ref, name: outcome.project.name, status: outcome.project.status },
        plan: { from: outcome.source.plan, to: outcome.target.plan },
        branches: outcome.branches.map((b) => ({ ref: b.ref, name: b.name, status: b.status })),
        members_losing_access: await membersOnlyIn(tx, outcome.source.id, outcome.target.id),
        members_gaining_access: await membersOnlyIn(tx, outcome.target.id, outcome.source.id),
        can_transfer: outcome.refusals.length === 0,
        refusals: outcome.refusals.map((r) => ({ status: r.status, message: r.message })),
        warnings: outcome.warnings,
      })
    })
  } catch (error) {
    if (error instanceof PreviewDone) return error.preview
    throw error
  }
  throw new Error('unreachable: the preview always rolls back')
}

export async function transferProject(platform: Platform, user: AuthUser, project: ProjectAccess, targetSlug: string): Promise<TransferAnswer> {
  const outcome = await platform.db.transaction(async (tx) => {
    const result = await transferSteps(tx, platform, user, project, targetSlug)
    // The first refusal answers; the transaction rolls the move back.
    if (result.refusals.length > 0) throw result.refusals[0]
    return result
  })
  const { source, target, project: moved, branches } = outcome
  // What its services hold was granted under the organization it left (its plan's limits).
  for (const ref of [moved.ref, ...branches.map((b) => b.ref)]) await releaseProject(platform, ref, 'transfer')
  const details = {
    from: source.name,
    to: target.name,
    from_slug: source.slug,
    to_slug: target.slug,
    plan_from: source.plan,
    plan_to: target.plan,
    ...(branches.length > 0 ? { branches: branches.map((b) => b.ref) } : {}),
  }
  for (const organizationId of [source.id, target.id])
    await recordAudit(platform.db, {
      organizationId,
      action: 'project.transferred',
      actor: { id: user.id, email: user.email },
      target: { type: 'project', id: moved.ref, name: moved.name },
      details,
    })
  return {
    project: toProjectDetail(await readProject(platform.db, moved.ref)),
    branches: branches.map((b) => b.ref),
    source_organization_slug: source.slug,
    target_organization_slug: target.slug,
  }
}
