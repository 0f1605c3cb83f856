/**
 * Every endpoint of the built-in platform (paths below the API base; the auth service's below
 * /auth/v1). docs/api.md describes each in words. Adding a route here without a handler, or a
 * handler without a route, does not compile (server/routes.ts).
 */
import { z } from 'zod'
import { route } from './route'
import { runtimeConfig, utcTime } from './config'
import { profile } from './profile'
import { permission } from './permissions'
import { createOrganizationBody, organization, organizationParams } from './organizations'
import { createProjectBody, project, projectDetail, projectParams } from './projects'
import { runQueryAnswer, runQueryBody, runQueryQuery } from './sql'
import { authSession, authSettings, authUser, logoutQuery, signupBody, tokenBody, tokenQuery } from './auth'
import { MAX_SQL_LENGTH } from './sql'

const byProjectRef = { kind: 'project', key: (input: { params: { ref: string } }) => input.params.ref } as const
const byOrgSlug = { kind: 'org', key: (input: { params: { slug: string } }) => input.params.slug } as const

export const routes = {
  // Service
  getConfig: route({ method: 'GET', path: '/config', auth: 'public', answer: runtimeConfig }),
  getUtcTime: route({ method: 'GET', path: '/get-utc-time', auth: 'public', answer: utcTime }),

  // GoTrue-compatible auth (reached at /auth/v1 through a rewrite)
  authSignup: route({ method: 'POST', path: '/auth/v1/signup', auth: 'public', body: signupBody, answer: authSession }),
  authToken: route({ method: 'POST', path: '/auth/v1/token', auth: 'public', query: tokenQuery, body: tokenBody, answer: authSession }),
  authGetUser: route({ method: 'GET', path: '/auth/v1/user', answer: authUser }),
  authLogout: route({ method: 'POST', path: '/auth/v1/logout', query: logoutQuery, answer: z.undefined(), status: 204 }),
  authSettings: route({ method: 'GET', path: '/auth/v1/settings', auth: 'public', answer: authSettings }),

  // Profile
  getProfile: route({ method: 'GET', path: '/platform/profile', answer: profile }),
  createProfile: route({ method: 'POST', path: '/platform/profile', answer: profile, status: 201 }),
  getPermissions: route({ method: 'GET', path: '/platform/profile/permissions', answer: z.array(permission) }),

  // Organizations
  listOrganizations: route({ method: 'GET', path: '/platform/organizations', answer: z.array(organization) }),
  createOrganization: route({
    method: 'POST',
    path: '/platform/organizations',
    body: createOrganizationBody,
    answer: organization,
    status: 201,
    platformOnly: true,
  }),
  getOrganization: route({
    method: 'GET',
    path: '/platform/organizations/:slug',
    params: organizationParams,
    answer: organization,
    action: 'organizations:read',
    scope: byOrgSlug,
  }),

  // Projects
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
  retryProjectProvisioning: route({
    method: 'POST',
    path: '/platform/projects/:ref/retry-provisioning',
    params: projectParams,
    answer: projectDetail,
    action: 'projects:update',
    scope: byProjectRef,
  }),

  // SQL
  runQuery: route({
    method: 'POST',
    path: '/platform/pg-meta/:ref/query',
    params: projectParams,
    query: runQueryQuery,
    body: runQueryBody,
    answer: runQueryAnswer,
    action: 'sql:run',
    scope: byProjectRef,
    // Room for MAX_SQL_LENGTH characters of any script, as JSON.
    maxBodyBytes: MAX_SQL_LENGTH * 6 + 1024,
    raw: true,
  }),
}

export type Routes = typeof routes
export type RouteName = keyof Routes
