// Generated from ../compute.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { computeRoutes as declaredComputeRoutes } from '../compute.routes'
import { browserRoutes } from './browser-route'

export const computeRoutes = browserRoutes<typeof declaredComputeRoutes>({
  getProjectCompute: ['GET', '/platform/projects/:ref/compute', 'user'],
  resizeProject: ['POST', '/platform/projects/:ref/compute', 'user'],
})
