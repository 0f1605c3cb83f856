/**
 * Preview branches: a branch is a project of its own (same organization, provider and region as
 * its parent, and so on the organization's plan like it) whose new database starts with the
 * parent's schema and no rows; provisioning makes it (provision.ts reads parent_project_ref).
 * Deleting a branch is deleting that project; deleting the parent deletes its branches.
 */
import type { CreateBranchBody, Project, ProjectDetail } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { ProjectAccess } from '../kernel/handler-types'
import { conflict } from '../kernel/errors'
import { assertFreePlanRoom } from './free-plan'
import { newProjectRef, readProject } from './projects'
import { PROJECT_COLUMNS, toProject, toProjectDetail, type ProjectRow } from './serialize'
import { recordActivity } from './activity'

export async function listBranches(platform: Platform, parent: ProjectAccess): Promise<Project[]> {
  const rows = await platform.db.query<ProjectRow>(
    `select ${PROJECT_COLUMNS} from projects p join organizations o on o.id = p.organization_id
     where p.parent_project_ref = $1 and p.status <> 'REMOVED' order by p.inserted_at, p.id`,
    [parent.ref]
  )
  return rows.map(toProject)
}

export async function createBranch(platform: Platform, parent: ProjectAccess, body: CreateBranchBody): Promise<ProjectDetail> {
  if (parent.parent_project_ref) throw conflict('This project is itself a preview branch; create the branch from its parent instead.')
  const ref = newProjectRef()
  const row = await platform.db.transaction(async (tx) => {
    // A branch counts as an active project of the organization, on the organization's plan.
    const org = await assertFreePlanRoom(tx, parent.organization_id)
    // One live branch of a name per parent (names are how the dashboard tells them apart); the
    // parent's row is held so that two asking at once for one name cannot both pass.
    await tx.query('select 1 from projects where ref = $1 for update', [parent.ref])
    const taken = await tx.query(
      `select 1 from projects where parent_project_ref = $1 and lower(name) = lower($2) and status not in ('REMOVED', 'GOING_DOWN')`,
      [parent.ref, body.name]
    )
    if (taken.length) throw conflict(`This project already has a branch named “${body.name}”; choose another name, or delete that branch first.`)
    // Checked in the transaction: a parent being paused or deleted right now has no schema to give.
    const inserted = await tx.query(
      `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan, parent_project_ref)
       select $1, $2, organization_id, 'COMING_UP', cloud_provider, region, $4, ref from projects
       where ref = $3 and organization_id = $5 and status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY') and db_location is not null
       returning ref`,
      [ref, body.name, parent.ref, org.plan, parent.organization_id]
    )
    // Transferred while this waited on its organization (server/projects/transfer.ts): the room was counted in the old one.
    if (inserted.length === 0 && (await readProject(tx, parent.ref)).organization_id !== parent.organization_id)
      throw conflict('This project has just been moved to another organization; create the branch there.')
    if (inserted.length === 0) throw conflict(`A branch is made from an active project; this one is ${parent.status.toLowerCase().replace(/_/g, ' ')}.`)
    return readProject(tx, ref)
  })
  await recordActivity(platform, parent.ref)
  platform.scheduler.kick()
  return toProjectDetail(row)
}
