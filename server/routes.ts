/** Every endpoint of the built-in platform (paths below /api). docs/api.md describes each. */
import { Router } from './http/router'
import { parseBody } from './http/errors'
import { reply } from './http/types'
import { createOrganizationBody, createProjectBody } from '@/lib/api-types'
import * as gotrue from './auth/gotrue'
import { createProfile, getPermissions, getProfile } from './profile/profile'
import { createOrganization, getOrganization, listOrganizations } from './orgs/organizations'
import { createProject, getProjectDetail, listProjects } from './projects/projects'
import { runQuery } from './sql/run-query'
import { PRODUCT_NAME } from '@/lib/constants'

export const routes = new Router()
  .get('/config', async (ctx) => ({
    isPlatform: ctx.platform.config.isPlatform,
    productName: PRODUCT_NAME,
    authUrl: '/auth/v1',
    apiMocking: ctx.platform.config.apiMocking,
  }))
  .get('/get-utc-time', async () => ({ utcTime: new Date().toISOString() }))

  // GoTrue-compatible auth (reached at /auth/v1 through a rewrite)
  .post('/auth/v1/signup', gotrue.signup)
  .post('/auth/v1/token', gotrue.token)
  .get('/auth/v1/user', gotrue.getUser)
  .post('/auth/v1/logout', gotrue.logout)
  .get('/auth/v1/settings', gotrue.settings)

  .get('/platform/profile', async (ctx) => getProfile(ctx.platform, await ctx.requireUser()))
  .post('/platform/profile', async (ctx) => reply(201, await createProfile(ctx.platform, await ctx.requireUser())))
  .get('/platform/profile/permissions', async (ctx) => getPermissions(ctx.platform, await ctx.requireUser()))

  .get('/platform/organizations', async (ctx) => listOrganizations(ctx.platform, await ctx.requireUser()))
  .post('/platform/organizations', async (ctx) => {
    const user = await ctx.requireUser()
    return reply(201, await createOrganization(ctx.platform, user, parseBody(createOrganizationBody, ctx.body)))
  })
  .get('/platform/organizations/:slug', async (ctx) => getOrganization(ctx.platform, await ctx.requireUser(), ctx.params.slug))

  .get('/platform/projects', async (ctx) => listProjects(ctx.platform, await ctx.requireUser()))
  .post('/platform/projects', async (ctx) => {
    const user = await ctx.requireUser()
    return reply(201, await createProject(ctx.platform, user, parseBody(createProjectBody, ctx.body)))
  })
  .get('/platform/projects/:ref', async (ctx) => getProjectDetail(ctx.platform, await ctx.requireUser(), ctx.params.ref))

  .post('/platform/pg-meta/:ref/query', runQuery)
