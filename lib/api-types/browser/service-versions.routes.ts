// Generated from ../service-versions.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { serviceVersionRoutes as declaredServiceVersionRoutes } from '../service-versions.routes'
import { browserRoutes } from './browser-route'

export const serviceVersionRoutes = browserRoutes<typeof declaredServiceVersionRoutes>({
  getServiceVersions: ['GET', '/platform/projects/:ref/service-versions', 'user'],
  getUpgradeStatus: ['GET', '/platform/projects/:ref/upgrade', 'user'],
  upgradeProject: ['POST', '/platform/projects/:ref/upgrade', 'user'],
})
