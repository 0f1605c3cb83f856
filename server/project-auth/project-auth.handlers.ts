/**
 * Authentication → Users and → Providers: the routes of lib/api-types/project-auth.routes.ts.
 * They reach the project's users through the same service code its applications do, as the
 * service role would, with the member's role already checked by the roles policy.
 */
import type { IncomingMessage } from 'node:http'
import type { projectAuthRoutes } from '@/lib/api-types'
import type { Handlers, ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { PlatformError, isPlatformError } from '../kernel/errors'
import { fixedOrigin, ownOrigin } from '../auth/redirects'
import { notServingMessage, restrictedMessage } from '../sql/not-serving'
import { apiSettingsOf } from '../data-api/settings'
import { authConfigOf, updateAuthConfig } from './config'
import { authDatabases } from './auth-service'
import type { ProjectAuthContext } from './context'
import { findUserByEmail, findUserById, insertUser, listUsers, toProjectUser } from './users'
import { afterCommit, ban, inviteUser } from './service'
import { createLink, allowedRedirect } from './links'
import { hashPassword } from '../auth/passwords'

export const GIVEN_DATABASE_USERS = "A project's own users live in a database the platform manages; this project's database is given as it is (DATABASE_URL)."

async function contextFor(platform: Platform, req: IncomingMessage, ip: string, access: ProjectAccess): Promise<ProjectAuthContext> {
  if (access.organization_restriction_status === 'restricted') throw new PlatformError(402, restrictedMessage(access.organization_quota_note))
  if ((access.status !== 'ACTIVE_HEALTHY' && access.status !== 'ACTIVE_UNHEALTHY') || !access.db_location) throw new PlatformError(409, notServingMessage(access.status))
  if (access.db_location.given) throw new PlatformError(409, GIVEN_DATABASE_USERS)
  const project = { id: access.id, ref: access.ref, region: access.region, organization_id: access.organization_id, status: access.status, db_location: access.db_location, read_only: access.read_only_enforced }
  const [settings, config, db] = await Promise.all([apiSettingsOf(platform, access.ref), authConfigOf(platform, access.ref), authDatabases(platform).open(project)])
  return { platform, req, project, secret: settings.jwtSecret, config, keyRole: 'service_role', apiKey: '', projectUrl: `${ownOrigin(platform, req)}/p/${access.ref}`, linkUrl: `${fixedOrigin(platform)}/p/${access.ref}`, ip, db }
}

/** The service's GoTrue errors, answered as the dashboard's: the same status and message. */
async function asPlatform<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isPlatformError(error)) throw new PlatformError(error.status, error.message)
    throw error
  }
}

const notFound = () => new PlatformError(404, 'No such user in this project.')

export const projectAuthHandlers: Handlers<typeof projectAuthRoutes> = {
  getProjectAuthConfig: async ({ platform, access }) => authConfigOf(platform, access.ref),
  updateProjectAuthConfig: async ({ platform, access, body }) => updateAuthConfig(platform, access.ref, body),

  listProjectUsers: async ({ platform, req, ip, access, query }) => {
    const ctx = await contextFor(platform, req, ip, access)
    const { users, total } = await listUsers(ctx.db, { page: query.page, perPage: query.per_page, keywords: query.keywords || undefined })
    return { users: users.map(toProjectUser), total }
  },

  createProjectUser: async ({ platform, req, ip, access, body }) => {
    const ctx = await contextFor(platform, req, ip, access)
    if (body.password !== undefined && body.password.length < ctx.config.password_min_length)
      throw new PlatformError(422, `The password must be at least ${ctx.config.password_min_length} characters.`)
    const encrypted = body.password !== undefined ? await hashPassword(body.password) : null
    const { user, message } = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, body.email)) throw new PlatformError(422, 'A user with this email address already exists in this project.')
      const made = await insertUser(tx, { email: body.email, encryptedPassword: encrypted, confirmed: body.email_confirm })
      const link = body.email_confirm ? null : await createLink(ctx, tx, made, 'signup', body.email, allowedRedirect(ctx, null))
      return { user: (await findUserById(tx, made.id))!, message: link }
    })
    await asPlatform(() => afterCommit(ctx, message))
    return toProjectUser(user)
  },

  updateProjectUser: async ({ platform, req, ip, access, params, body }) => {
    const ctx = await contextFor(platform, req, ip, access)
    const user = await ctx.db.transaction(async (tx) => {
      if (!(await findUserById(tx, params.id))) throw notFound()
      await asPlatform(() => ban(tx, params.id, body.ban_duration))
      return (await findUserById(tx, params.id))!
    })
    return toProjectUser(user)
  },

  deleteProjectUser: async ({ platform, req, ip, access, params }) => {
    const ctx = await contextFor(platform, req, ip, access)
    const deleted = await ctx.db.query(`delete from auth.users where id = $1 returning id`, [params.id])
    if (!deleted.length) throw notFound()
    return undefined
  },

  inviteProjectUser: async ({ platform, req, ip, access, body }) => {
    const ctx = await contextFor(platform, req, ip, access)
    const { user, message } = await asPlatform(() => inviteUser(ctx, body.email, undefined, undefined))
    await asPlatform(() => afterCommit(ctx, message))
    return toProjectUser((await findUserById(ctx.db, user.id))!)
  },

  sendProjectUserRecovery: async ({ platform, req, ip, access, body }) => {
    const ctx = await contextFor(platform, req, ip, access)
    const message = await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, body.email)
      if (!user) throw notFound()
      return createLink(ctx, tx, user, 'recovery', body.email, allowedRedirect(ctx, null))
    })
    await asPlatform(() => afterCommit(ctx, message))
    return undefined
  },
}
