// Generated from ../privileges.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { privilegeRoutes as declaredPrivilegeRoutes } from '../privileges.routes'
import { browserRoutes } from './browser-route'

export const privilegeRoutes = browserRoutes<typeof declaredPrivilegeRoutes>({
  listColumnPrivileges: ['GET', '/platform/projects/:ref/column-privileges', 'user'],
  grantColumnPrivileges: ['POST', '/platform/projects/:ref/column-privileges/grant', 'user'],
  revokeColumnPrivileges: ['POST', '/platform/projects/:ref/column-privileges/revoke', 'user'],
})
