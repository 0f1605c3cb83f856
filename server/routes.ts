/**
 * The handlers of the route table (lib/api-types/routes.ts): one per declared route, checked by
 * the compiler both ways. A handler gets the caller, checked input and, for scoped routes, the
 * organization or project the roles policy allowed: it never authenticates or validates itself.
 */
import { PRODUCT_NAME } from '@/lib/constants'
import { routes, type AnyRoute, type Routes } from '@/lib/api-types'
import { Router } from './http/router'
import type { Handler, HandlerContext } from './http/types'
import * as gotrue from './auth/gotrue'
import { createProfile, getPermissions, getProfile } from './profile/profile'
import { createOrganization, listOrganizations, toOrganization } from './orgs/organizations'
import { createProject, listProjects, retryProvisioning } from './projects/projects'
import { toProjectDetail } from './projects/serialize'
import { runQuery } from './sql/run-query'

type Handlers = { [K in keyof Routes]: Handler<Routes[K]> }

const handlers: Handlers = {
  getConfig: async ({ platform }) => ({
    isPlatform: platform.config.isPlatform,
    productName: PRODUCT_NAME,
    authUrl: '/auth/v1',
    apiMocking: platform.config.apiMocking,
  }),
  getUtcTime: async () => ({ utcTime: new Date().toISOString() }),

  authSignup: gotrue.signup,
  authToken: gotrue.token,
  authGetUser: gotrue.getUser,
  authLogout: gotrue.logout,
  authSettings: gotrue.settings,

  getProfile: ({ platform, user }) => getProfile(platform, user),
  createProfile: ({ platform, user }) => createProfile(platform, user),
  getPermissions: ({ platform, user }) => getPermissions(platform, user),

  listOrganizations: ({ platform, user }) => listOrganizations(platform, user),
  createOrganization: ({ platform, user, body }) => createOrganization(platform, user, body),
  getOrganization: async ({ access }) => toOrganization(access),

  listProjects: ({ platform, user }) => listProjects(platform, user),
  createProject: ({ platform, access, body }) => createProject(platform, access, body),
  getProject: async ({ access }) => toProjectDetail(access),
  retryProjectProvisioning: ({ platform, access }) => retryProvisioning(platform, access),

  runQuery,
}

export type AnyHandler = (ctx: HandlerContext<AnyRoute>) => Promise<unknown>

export const router = new Router<AnyHandler>()
for (const name of Object.keys(routes) as (keyof Routes)[]) router.add(routes[name], handlers[name] as unknown as AnyHandler)
