import type { projectRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'
import { createProject, listProjects, retryProvisioning } from './projects'
import { requestTransition } from './lifecycle'
import { createBranch, listBranches } from './branches'
import { toProjectDetail } from './serialize'

export const projectHandlers: Handlers<typeof projectRoutes> = {
  listProjects: ({ platform, user }) => listProjects(platform, user),
  createProject: ({ platform, access, body }) => createProject(platform, access, body),
  getProject: async ({ access }) => toProjectDetail(access),
  retryProjectProvisioning: ({ platform, access }) => retryProvisioning(platform, access),
  pauseProject: ({ platform, access }) => requestTransition(platform, access, 'pause'),
  restoreProject: ({ platform, access }) => requestTransition(platform, access, 'restore'),
  restartProject: ({ platform, access }) => requestTransition(platform, access, 'restart'),
  deleteProject: ({ platform, access }) => requestTransition(platform, access, 'delete'),
  listBranches: ({ platform, access }) => listBranches(platform, access),
  createBranch: ({ platform, access, body }) => createBranch(platform, access, body),
}
