// Generated from ../projects.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { projectRoutes as declaredProjectRoutes } from '../projects.routes'
import { browserRoutes } from './browser-route'

export const projectRoutes = browserRoutes<typeof declaredProjectRoutes>({
  listProjects: ['GET', '/platform/projects', 'user'],
  createProject: ['POST', '/platform/projects', 'user'],
  getProject: ['GET', '/platform/projects/:ref', 'user'],
  updateProject: ['PATCH', '/platform/projects/:ref', 'user'],
  getPauseStatus: ['GET', '/platform/projects/:ref/pause-status', 'user'],
  retryProjectProvisioning: ['POST', '/platform/projects/:ref/retry-provisioning', 'user'],
  pauseProject: ['POST', '/platform/projects/:ref/pause', 'user'],
  restoreProject: ['POST', '/platform/projects/:ref/restore', 'user'],
  restartProject: ['POST', '/platform/projects/:ref/restart', 'user'],
  allowProjectWrites: ['POST', '/platform/projects/:ref/read-only/allow-writes', 'user'],
  deleteProject: ['DELETE', '/platform/projects/:ref', 'user'],
  listBranches: ['GET', '/platform/projects/:ref/branches', 'user'],
  createBranch: ['POST', '/platform/projects/:ref/branches', 'user'],
})
