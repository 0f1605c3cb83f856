/**
 * The roles policy applied by the router: a scoped route's organization (or the project's) must
 * be the caller's, or it does not exist for them (404, existence is never confirmed); their role
 * must allow the route's action (403 naming the role). Self-hosted mode refuses what it does not
 * offer (one organization, one project).
 */
import { roleCan, type AnyRoute, type RouteInput, type AnySchema } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { findMembership } from '../orgs/organizations'
import { findVisibleProject } from '../projects/projects'
import { PlatformError } from '../kernel/errors'
import type { ScopeFound, ScopeLookup } from './authenticate'
import type { AuthUser, OrgAccess, ProjectAccess } from '../kernel/handler-types'

const SELF_HOSTED_REFUSAL =
  'Self-hosted mode has one organization and one project; creating more is available on the platform only.'

export function assertModeAllows(platform: Platform, route: AnyRoute) {
  if (route.platformOnly && !platform.config.isPlatform) throw new PlatformError(403, SELF_HOSTED_REFUSAL)
}

const BODY_NEEDED = Symbol('the scope key reads the body')

/**
 * The organization or project a scoped route names in its path or query, known before the body is
 * read (so that identify() looks it up with the session, in one round trip). Undefined for a route
 * without a scope, or whose scope is named in the body (creating a project names its organization
 * there): authorize() then looks it up once the body is read.
 */
export function scopeBeforeBody(route: AnyRoute, input: Pick<RouteInput<AnySchema, AnySchema, AnySchema>, 'params' | 'query'>): ScopeLookup | undefined {
  if (!route.scope) return undefined
  const probe = {
    ...input,
    get body(): never {
      throw BODY_NEEDED
    },
  }
  try {
    return { kind: route.scope.kind, key: (route.scope.key as (i: typeof probe) => string)(probe) }
  } catch (error) {
    if (error === BODY_NEEDED) return undefined
    throw error
  }
}

/**
 * The roles policy on the route's scope. `found` is the scope identify() looked up with the
 * session, when it could (see scopeBeforeBody); otherwise it is looked up here.
 */
export async function authorize(
  platform: Platform,
  route: AnyRoute,
  user: AuthUser | null,
  input: RouteInput<AnySchema, AnySchema, AnySchema>,
  found?: ScopeFound
): Promise<OrgAccess | ProjectAccess | undefined> {
  if (!route.scope) return undefined
  if (!user) throw new PlatformError(401, 'You must be signed in to do this.')
  const kind = route.scope.kind
  const key = (route.scope.key as (i: typeof input) => string)(input)
  const access =
    found && found.kind === kind && found.key === key
      ? found.access
      : kind === 'org'
        ? await findMembership(platform.db, user.id, key)
        : await findVisibleProject(platform.db, user.id, key)
  if (!access) throw new PlatformError(404, kind === 'org' ? 'This organization does not exist' : 'This project does not exist')
  if (route.action && !roleCan(access.role, route.action, { isPlatform: platform.config.isPlatform }))
    throw new PlatformError(403, `Your role (${access.role}) does not allow this (${route.action}). Ask an Owner or Admin of the organization.`)
  return access
}
