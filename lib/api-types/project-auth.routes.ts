/**
 * The dashboard's side of a project's own users: Authentication → Users and → Providers. Every
 * member reads the settings; the user list (emails of the project's users) needs
 * `auth:users:read`, changing users `auth:users:write`, the settings `auth:config:update`.
 */
import { z } from 'zod'
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import {
  createProjectUserBody,
  projectAuthConfig,
  projectAuthConfigPatch,
  projectAuthEmailBody,
  projectUser,
  projectUserParams,
  projectUsersPage,
  projectUsersQuery,
  updateProjectUserBody,
} from './project-auth'

export const projectAuthRoutes = {
  getProjectAuthConfig: route({
    method: 'GET',
    path: '/platform/auth/:ref/config',
    params: projectParams,
    answer: projectAuthConfig,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  updateProjectAuthConfig: route({
    method: 'PATCH',
    path: '/platform/auth/:ref/config',
    params: projectParams,
    body: projectAuthConfigPatch,
    answer: projectAuthConfig,
    action: 'auth:config:update',
    scope: byProjectRef,
  }),
  listProjectUsers: route({
    method: 'GET',
    path: '/platform/auth/:ref/users',
    params: projectParams,
    query: projectUsersQuery,
    answer: projectUsersPage,
    action: 'auth:users:read',
    scope: byProjectRef,
  }),
  createProjectUser: route({
    method: 'POST',
    path: '/platform/auth/:ref/users',
    params: projectParams,
    body: createProjectUserBody,
    answer: projectUser,
    status: 201,
    action: 'auth:users:write',
    scope: byProjectRef,
  }),
  updateProjectUser: route({
    method: 'PATCH',
    path: '/platform/auth/:ref/users/:id',
    params: projectUserParams,
    body: updateProjectUserBody,
    answer: projectUser,
    action: 'auth:users:write',
    scope: byProjectRef,
  }),
  deleteProjectUser: route({
    method: 'DELETE',
    path: '/platform/auth/:ref/users/:id',
    params: projectUserParams,
    answer: z.undefined(),
    status: 204,
    action: 'auth:users:write',
    scope: byProjectRef,
  }),
  inviteProjectUser: route({
    method: 'POST',
    path: '/platform/auth/:ref/invite',
    params: projectParams,
    body: projectAuthEmailBody,
    answer: projectUser,
    status: 201,
    action: 'auth:users:write',
    scope: byProjectRef,
  }),
  sendProjectUserRecovery: route({
    method: 'POST',
    path: '/platform/auth/:ref/recover',
    params: projectParams,
    body: projectAuthEmailBody,
    answer: z.undefined(),
    status: 204,
    action: 'auth:users:write',
    scope: byProjectRef,
  }),
}
