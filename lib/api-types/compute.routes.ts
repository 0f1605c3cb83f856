/**
 * A project's compute size: read it, change it. A change answers at once (202) with the project
 * RESIZING; the platform applies the new limits in the background and the project comes back
 * ACTIVE_HEALTHY (server/projects/compute.ts).
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { projectCompute, resizeBody } from './compute'

export const computeRoutes = {
  getProjectCompute: route({
    method: 'GET',
    path: '/platform/projects/:ref/compute',
    params: projectParams,
    answer: projectCompute,
    action: 'projects:read',
    scope: byProjectRef,
    platformOnly: true,
  }),
  resizeProject: route({
    method: 'POST',
    path: '/platform/projects/:ref/compute',
    params: projectParams,
    body: resizeBody,
    answer: projectCompute,
    status: 202,
    action: 'projects:resize',
    scope: byProjectRef,
    platformOnly: true,
  }),
}
