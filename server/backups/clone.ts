/**
 * Cloning a backup into a new project of the same organization: the create-project path (plan
 * limits, the organization's plan, audit), with the project's row naming the backup; provisioning
 * (projects/provision.ts) then makes its database as a copy of the backup's database, owned by
 * the new project's role. The new project is polled like any other (COMING_UP → ACTIVE_HEALTHY).
 */
import type { CloneBackupBody, ProjectDetail } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { conflict, PlatformError } from '../kernel/errors'
import type { CloneSource } from '../databases'
import { findMembership } from '../orgs/organizations'
import { createProject } from '../projects/projects'
import { ownerRoleOf } from '../databases/server-lifecycle'
import { recordAudit } from '../audit/record'

export async function cloneBackup(platform: Platform, project: ProjectAccess, id: number, body: CloneBackupBody, user: AuthUser): Promise<ProjectDetail> {
  const [backup] = await platform.db.query<{ status: string }>('select status from project_backups where id = $1 and project_ref = $2', [id, project.ref])
  if (!backup) throw new PlatformError(404, 'Backup not found')
  if (backup.status !== 'completed') throw conflict('Only a completed backup can be cloned.')
  const [org] = await platform.db.query<{ slug: string }>('select slug from organizations where id = $1', [project.organization_id])
  const access = org && (await findMembership(platform.db, user.id, org.slug))
  if (!access) throw new PlatformError(404, 'Project not found')
  // Same place as the backup: the copy is made on the backup's server.
  const made = await createProject(
    platform,
    access,
    { name: body.name, organization_slug: org.slug, cloud_provider: project.cloud_provider, region: project.region },
    { cloneFromBackupId: id }
  )
  await recordAudit(platform.db, {
    organizationId: made.organization_id,
    action: 'project.created',
    actor: { id: user.id, email: user.email },
    target: { type: 'project', id: made.ref, name: made.name },
    details: { region: made.region, cloud_provider: made.cloud_provider, plan: made.plan, cloned_from: { project_ref: project.ref, backup_id: id } },
  })
  return made
}

/** What a clone's database is copied from; throws when the backup is gone (provisioning retries, then fails). */
export async function cloneSource(platform: Platform, backupId: string): Promise<CloneSource> {
  const [row] = await platform.db.query<{ database_name: string; project_ref: string; status: string }>(
    'select database_name, project_ref, status from project_backups where id = $1',
    [backupId]
  )
  if (!row || row.status !== 'completed') throw new Error(`backup ${backupId} to clone from is gone`)
  return { database: row.database_name, ownerRole: ownerRoleOf(row.project_ref) }
}
