/**
 * A route is a declaration: method and path, who may call it, zod schemas for its path params,
 * query and body, the roles-policy action it needs and on which organization, and the schema of
 * its answer. The platform's router enforces all of it before a handler runs; the dashboard's
 * fetch helper is typed from the same declaration.
 */
import { z } from 'zod'
import { ROLES_POLICY, type Action } from './permissions'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * - `user` (the default): a signed-in user; in self-hosted mode, the one local user.
 * - `public`: anyone, written out on purpose.
 * - `service`: the platform's service role (a token with role `service_role`).
 */
export type RouteAuth = 'public' | 'user' | 'service'

/** The GoTrue-compatible auth service answers errors its own way (`error_code`, `msg`). */
export type RouteFlavour = 'platform' | 'auth'

export type AnySchema = z.ZodType

const noParams = z.object({})
const noQuery = z.object({})
/** Routes without a body accept none, or an empty object (what a bare POST from the client sends). */
const noBody = z.object({}).optional()

export type RouteInput<P extends AnySchema, Q extends AnySchema, B extends AnySchema> = {
  params: z.output<P>
  query: z.output<Q>
  body: z.output<B>
}

export type ScopeKind = 'org' | 'project'

/**
 * The organization a route acts on, found from its checked input: an organization slug, or a
 * project ref whose organization counts. The roles policy is applied there.
 */
export type RouteScope<K extends ScopeKind, I> = { kind: K; key: (input: I) => string }

/**
 * The limits a route may name; the platform reads each from its configuration (RATE_LIMIT_*).
 * The first five are `rateLimits` of server/config.ts; the others belong to one feature each.
 */
export type RateLimitRule =
  | 'signInPerIp'
  | 'signUpPerIp'
  | 'tokenRefreshPerIp'
  | 'verifyPerIp'
  | 'otpPerIp'
  | 'telemetryPerIp'
  | 'errorReportsPerIp'
  | 'docsSearchPerIp'
  | 'aiPerUser'
  | 'supportRequestsPerUser'

/**
 * Whom a request is counted for:
 * - `ip`: the client's address;
 * - `user`: the signed-in caller (routes with `auth: 'user'` only);
 * - `{ body: field }`: a field of the checked body, such as an email, stored hashed (it names a person);
 * - a function of the checked input, for anything else.
 * A key that comes out empty (a missing body field, a function answering undefined) counts nothing.
 */
export type RateLimitKey<I> =
  | 'ip'
  | 'user'
  | { body: Extract<keyof NonNullable<I extends { body: infer B } ? B : never>, string> }
  | ((input: I) => string | undefined)

/**
 * One counter a request goes through. `bucket` names the counter (routes naming the same bucket
 * count together); `when` limits it to some requests of the route (one grant of /token).
 */
export type RouteRateLimit<I> = { bucket: string; rule: RateLimitRule; key: RateLimitKey<I>; when?: (input: I) => boolean }

export type RouteDef<
  P extends AnySchema = AnySchema,
  Q extends AnySchema = AnySchema,
  B extends AnySchema = AnySchema,
  A extends AnySchema = AnySchema,
  Auth extends RouteAuth = RouteAuth,
  K extends ScopeKind | undefined = ScopeKind | undefined,
> = {
  method: HttpMethod
  path: string
  auth: Auth
  flavour: RouteFlavour
  params: P
  query: Q
  body: B
  answer: A
  /** Status of a successful answer. */
  status: number
  action: Action | undefined
  scope: K extends ScopeKind ? RouteScope<K, RouteInput<P, Q, B>> : undefined
  /** Refused in self-hosted mode (the route's own flag, or its action's). */
  platformOnly: boolean
  /** Largest request body accepted; the platform's default (MAX_BODY_BYTES) when unset. */
  maxBodyBytes: number | undefined
  /** Answered as raw JSON bytes by the handler (big results): not re-validated. */
  raw: boolean
  /**
   * A browser form another site posts (an OAuth provider answering with form_post): a URL-encoded
   * body, and no same-origin check. The handler's own proof (the OAuth state) stands in for it.
   */
  form: boolean
  /**
   * A multipart/form-data upload (a function's files): the router checks its origin and leaves
   * the body to the handler, which checks its type and reads it within maxBodyBytes.
   */
  multipart: boolean
  /**
   * Counters the request goes through, in this order, once its input is checked and the roles
   * policy allowed it, right before the handler: a bad request (400), a refused caller (401, 403,
   * 404) is never counted; one too many is a 429 with Retry-After (server/http/rate-limits.ts).
   */
  rateLimit: RouteRateLimit<RouteInput<P, Q, B>>[]
}

export function route<
  const Auth extends RouteAuth = 'user',
  P extends AnySchema = typeof noParams,
  Q extends AnySchema = typeof noQuery,
  B extends AnySchema = typeof noBody,
  A extends AnySchema = AnySchema,
  const K extends ScopeKind | undefined = undefined,
>(def: {
  method: HttpMethod
  path: string
  auth?: Auth
  params?: P
  query?: Q
  body?: B
  answer: A
  status?: number
  action?: Action
  scope?: { kind: K; key: (input: RouteInput<P, Q, B>) => string }
  platformOnly?: boolean
  maxBodyBytes?: number
  raw?: boolean
  form?: boolean
  multipart?: boolean
  rateLimit?: RouteRateLimit<RouteInput<P, Q, B>>[]
}): RouteDef<P, Q, B, A, Auth, K> {
  if (def.form && def.auth !== 'public') throw new Error(`${def.method} ${def.path}: a cross-site form route cannot act for a signed-in user`)
  if (def.action && !def.scope) throw new Error(`${def.method} ${def.path}: an action needs a scope (the organization it applies to)`)
  if (def.action && def.auth && def.auth !== 'user') throw new Error(`${def.method} ${def.path}: the roles policy applies to signed-in users only`)
  if (def.rateLimit?.some((limit) => limit.key === 'user') && (def.auth ?? 'user') !== 'user')
    throw new Error(`${def.method} ${def.path}: a limit per user needs a signed-in caller`)
  const actionPlatformOnly = def.action ? 'platformOnly' in ROLES_POLICY[def.action] : false
  return {
    method: def.method,
    path: def.path,
    auth: (def.auth ?? 'user') as Auth,
    flavour: def.path.startsWith('/auth/v1/') ? 'auth' : 'platform',
    params: (def.params ?? noParams) as P,
    query: (def.query ?? noQuery) as Q,
    body: (def.body ?? noBody) as B,
    answer: def.answer,
    status: def.status ?? 200,
    action: def.action,
    scope: def.scope as RouteDef<P, Q, B, A, Auth, K>['scope'],
    platformOnly: def.platformOnly ?? actionPlatformOnly,
    maxBodyBytes: def.maxBodyBytes,
    raw: def.raw ?? false,
    form: def.form ?? false,
    multipart: def.multipart ?? false,
    rateLimit: def.rateLimit ?? [],
  }
}

export type AnyRoute = RouteDef<AnySchema, AnySchema, AnySchema, AnySchema, RouteAuth, ScopeKind | undefined>
