/**
 * The versions of the services a project runs, for Project settings → General; every member may
 * read them. A minor upgrade (extensions to the versions the server ships) is for Owners and Admins.
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectDetail, projectParams } from './projects'
import { serviceVersions, upgradeStatus } from './service-versions'

export const serviceVersionRoutes = {
  getServiceVersions: route({
    method: 'GET',
    path: '/platform/projects/:ref/service-versions',
    params: projectParams,
    answer: serviceVersions,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  getUpgradeStatus: route({
    method: 'GET',
    path: '/platform/projects/:ref/upgrade',
    params: projectParams,
    answer: upgradeStatus,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  /** Puts the project in UPGRADING (202); 409 when nothing is behind or something else is under way. */
  upgradeProject: route({
    method: 'POST',
    path: '/platform/projects/:ref/upgrade',
    params: projectParams,
    answer: projectDetail,
    status: 202,
    action: 'projects:upgrade',
    scope: byProjectRef,
  }),
}
