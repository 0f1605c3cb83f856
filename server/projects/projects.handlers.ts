import type { ProjectDetail, projectRoutes } from '@/lib/api-types'
import type { AuthUser, Handlers } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { recordAudit } from '../audit/record'
import { PlatformError } from '../kernel/errors'
import { createProject, listProjects, readProject, retryProvisioning } from './projects'
import { requestTransition } from './lifecycle'
import { createBranch, listBranches } from './branches'
import { toProjectDetail } from './serialize'
import { pauseStatus } from './pause-status'
import { allowWrites, WRITABLE_MINUTES } from './read-only-mode'

/** A new project (or preview branch) in its organization's audit log, once its row is committed. */
async function recordProjectCreated(platform: Platform, user: AuthUser, project: ProjectDetail): Promise<ProjectDetail> {
  await recordAudit(platform.db, {
    organizationId: project.organization_id,
    action: 'project.created',
    actor: { id: user.id, email: user.email },
    target: { type: 'project', id: project.ref, name: project.name },
    details: {
      region: project.region,
      cloud_provider: project.cloud_provider,
      plan: project.plan,
      ...(project.parent_project_ref ? { parent_project_ref: project.parent_project_ref } : {}),
    },
  })
  return project
}

export const projectHandlers: Handlers<typeof projectRoutes> = {
  listProjects: ({ platform, user }) => listProjects(platform, user),
  createProject: async ({ platform, access, user, body }) => recordProjectCreated(platform, user, await createProject(platform, access, body)),
  getProject: async ({ access }) => toProjectDetail(access),
  async updateProject({ platform, access, user, body }) {
    const renamed = await platform.db.query(`update projects set name = $2, updated_at = now() where id = $1 and organization_id = $3 returning id`, [access.id, body.name, access.organization_id])
    // Transferred meanwhile (server/projects/transfer.ts): the caller's right was checked in the organization it left.
    if (!renamed.length) throw new PlatformError(409, 'This project has just been moved to another organization; open it there.')
    if (body.name !== access.name)
      await recordAudit(platform.db, {
        organizationId: access.organization_id,
        action: 'project.renamed',
        actor: user && { id: user.id, email: user.email },
        target: { type: 'project', id: access.ref, name: body.name },
        details: { from: access.name, to: body.name },
      })
    return toProjectDetail(await readProject(platform.db, access.ref))
  },
  getPauseStatus: ({ platform, access }) => pauseStatus(platform, access),
  retryProjectProvisioning: ({ platform, access }) => retryProvisioning(platform, access),
  pauseProject: ({ platform, access, user }) => requestTransition(platform, access, 'pause', user),
  restoreProject: ({ platform, access, user }) => requestTransition(platform, access, 'restore', user),
  restartProject: ({ platform, access, user }) => requestTransition(platform, access, 'restart', user),
  allowProjectWrites: async ({ platform, access, user }) => {
    await allowWrites(platform, access)
    await recordAudit(platform.db, {
      organizationId: access.organization_id,
      action: 'project.writes_allowed',
      actor: { id: user.id, email: user.email },
      target: { type: 'project', id: access.ref, name: access.name },
      details: { minutes: WRITABLE_MINUTES },
    })
    return toProjectDetail(await readProject(platform.db, access.ref))
  },
  deleteProject: ({ platform, access, user }) => requestTransition(platform, access, 'delete', user),
  listBranches: ({ platform, access }) => listBranches(platform, access),
  createBranch: async ({ platform, access, user, body }) => recordProjectCreated(platform, user, await createBranch(platform, access, body)),
}
