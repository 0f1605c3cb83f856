/** The versions of the services a project runs, for Project settings → General; every member may read them. */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { serviceVersions } from './service-versions'

export const serviceVersionRoutes = {
  getServiceVersions: route({
    method: 'GET',
    path: '/platform/projects/:ref/service-versions',
    params: projectParams,
    answer: serviceVersions,
    action: 'projects:read',
    scope: byProjectRef,
  }),
}
