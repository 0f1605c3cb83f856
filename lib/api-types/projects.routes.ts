import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { createBranchBody, createProjectBody, pauseStatus, project, projectDetail, projectParams, updateProjectBody } from './projects'

/**
 * Lifecycle actions (pause, restore, restart, delete) answer at once with the project in its
 * transitional status; the work runs in the background and the project's status says when it is
 * done. In self-hosted mode (one project) they are not offered.
 */
export const projectRoutes = {
  listProjects: route({ method: 'GET', path: '/platform/projects', answer: z.array(project) }),
  createProject: route({
    method: 'POST',
    path: '/platform/projects',
    body: createProjectBody,
    answer: projectDetail,
    status: 201,
    action: 'projects:create',
    scope: { kind: 'org', key: (input) => input.body.organization_slug },
  }),
  getProject: route({
    method: 'GET',
    path: '/platform/projects/:ref',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  /** Renames the project (Project settings → General). */
  updateProject: route({
    method: 'PATCH',
    path: '/platform/projects/:ref',
    params: projectParams,
    body: updateProjectBody,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
  }),
  /** When the inactivity rule would pause the project (Free plan), and its last activity. */
  getPauseStatus: route({
    method: 'GET',
    path: '/platform/projects/:ref/pause-status',
    params: projectParams,
    answer: pauseStatus,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  retryProjectProvisioning: route({
    method: 'POST',
    path: '/platform/projects/:ref/retry-provisioning',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
  }),
  pauseProject: route({
    method: 'POST',
    path: '/platform/projects/:ref/pause',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
    platformOnly: true,
  }),
  restoreProject: route({
    method: 'POST',
    path: '/platform/projects/:ref/restore',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
    platformOnly: true,
  }),
  restartProject: route({
    method: 'POST',
    path: '/platform/projects/:ref/restart',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
    platformOnly: true,
  }),
  /** A project in read-only mode takes writes for a while, to free space (server/projects/read-only-mode.ts). */
  allowProjectWrites: route({
    method: 'POST',
    path: '/platform/projects/:ref/read-only/allow-writes',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
    platformOnly: true,
  }),
  deleteProject: route({
    method: 'DELETE',
    path: '/platform/projects/:ref',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:delete',
    scope: byProjectRef,
  }),
  listBranches: route({
    method: 'GET',
    path: '/platform/projects/:ref/branches',
    params: projectParams,
    answer: z.array(project),
    action: 'projects:read',
    scope: byProjectRef,
  }),
  createBranch: route({
    method: 'POST',
    path: '/platform/projects/:ref/branches',
    params: projectParams,
    body: createBranchBody,
    answer: projectDetail,
    status: 201,
    action: 'branches:write',
    scope: byProjectRef,
    // Self-hosted mode has its one project only.
    platformOnly: true,
  }),
}
