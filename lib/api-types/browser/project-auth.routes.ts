// Generated from ../project-auth.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { projectAuthRoutes as declaredProjectAuthRoutes } from '../project-auth.routes'
import { browserRoutes } from './browser-route'

export const projectAuthRoutes = browserRoutes<typeof declaredProjectAuthRoutes>({
  getProjectAuthConfig: ['GET', '/platform/auth/:ref/config', 'user'],
  updateProjectAuthConfig: ['PATCH', '/platform/auth/:ref/config', 'user'],
  listProjectUsers: ['GET', '/platform/auth/:ref/users', 'user'],
  createProjectUser: ['POST', '/platform/auth/:ref/users', 'user'],
  updateProjectUser: ['PATCH', '/platform/auth/:ref/users/:id', 'user'],
  deleteProjectUser: ['DELETE', '/platform/auth/:ref/users/:id', 'user'],
  inviteProjectUser: ['POST', '/platform/auth/:ref/invite', 'user'],
  sendProjectUserRecovery: ['POST', '/platform/auth/:ref/recover', 'user'],
})
