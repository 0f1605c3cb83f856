/**
 * Who is calling, as each route declares it may be: anyone, a signed-in user (in self-hosted mode
 * the one local user), or the service role. The router calls this before any handler runs, and
 * before it reads the body.
 *
 * A signed-in user's session is checked in the control plane on every request (never cached: a
 * sign-out or a revoked session is refused at once by every app instance; only the token's
 * signature check is remembered, verified-tokens.ts). When the route names its organization or
 * project in its path or query, the same statement also looks up the caller's membership there
 * (`identify` with a scope): one control-plane round trip before the handler, not two.
 * authorize() then applies the roles policy to what was found.
 */
import type { IncomingMessage } from 'node:http'
import type { AnyRoute, ScopeKind } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { verifyServiceToken } from '../auth/jwt'
import { authError } from '../auth/gotrue-errors'
import { LOCAL_USER_EMAIL, LOCAL_USER_ID } from '../auth/local-user'
import { membershipSql } from '../orgs/organizations'
import { visibleProjectSql } from '../projects/projects'
import { PlatformError } from '../kernel/errors'
import { verifiedTokens } from './verified-tokens'
import { userOfAccessToken } from '../profile/access-tokens'
import { ACCESS_TOKEN_FORM } from '@/lib/api-types/access-tokens'
import type { AuthUser, OrgAccess, ProjectAccess } from '../kernel/handler-types'

/** The organization (by slug) or project (by ref) a scoped route acts on. */
export type ScopeLookup = { kind: ScopeKind; key: string }
/** A scope looked up with the session: the caller's access there, or null when it is not theirs. */
export type ScopeFound = ScopeLookup & { access: OrgAccess | ProjectAccess | null }
/** The caller, and the scope when it was looked up in the same round trip. */
export type Caller = { user: AuthUser | null; scope?: ScopeFound }

/** The lookups findMembership and findVisibleProject make, with the user as $2 and the key as $3. */
const SCOPE_SQL: Record<ScopeKind, string> = { org: membershipSql('$2', '$3'), project: visibleProjectSql('$2', '$3') }

type SessionRow = { session_aal: string; session_has_mfa: boolean; session_scope_found?: boolean } & Record<string, unknown>

function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : null
}

/** Errors worded the way the caller's service words them: the platform's, or GoTrue's. */
const failures = {
  platform: {
    missing: () => new PlatformError(401, 'You must be signed in to do this.'),
    invalid: () => new PlatformError(401, 'Your session has expired or is invalid. Please sign in again.'),
    ended: () => new PlatformError(401, 'Your session has ended. Please sign in again.'),
    secondFactor: () => new PlatformError(401, 'Enter the code from your authenticator app to finish signing in.'),
  },
  auth: {
    missing: () => authError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
    invalid: () => authError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid'),
    ended: () => authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
    secondFactor: () => authError(403, 'insufficient_aal', 'AAL2 session is required'),
  },
}

/** The lookups with a personal access token's owner (`t.user_id`) as the user and the key as $2. */
const TOKEN_SCOPE_SQL: Record<ScopeKind, string> = { org: membershipSql('t.user_id', '$2'), project: visibleProjectSql('t.user_id', '$2') }

/**
 * A personal access token's caller: only on the Management API's routes (`/v1/…`), so a token
 * never reaches the account's own settings, its sessions or other tokens.
 */
async function tokenUser(platform: Platform, route: AnyRoute, token: string, scope?: ScopeLookup): Promise<Caller> {
  if (!route.path.startsWith('/v1/')) throw new PlatformError(401, 'A personal access token works for the Management API (/v1/…) only: sign in to the dashboard for this.')
  const found = await userOfAccessToken(platform.db, token, scope && { sql: TOKEN_SCOPE_SQL[scope.kind], key: scope.key })
  if (!found) throw new PlatformError(401, 'This access token is not valid: it expired or was revoked. Make a new one under Account → Access tokens.')
  const user = { id: found.id, email: found.email, sessionId: null }
  return scope ? { user, scope: { ...scope, access: (found.scope as OrgAccess | ProjectAccess | null) ?? null } } : { user }
}

async function signedInUser(platform: Platform, req: IncomingMessage, route: AnyRoute, scope?: ScopeLookup): Promise<Caller> {
  // The auth service has no local user: it always needs a real session.
  if (!platform.config.isPlatform && route.flavour === 'platform') return { user: { id: LOCAL_USER_ID, email: LOCAL_USER_EMAIL, sessionId: null } }
  const fail = failures[route.flavour]
  const token = bearerToken(req)
  if (!token) throw fail.missing()
  if (route.flavour === 'platform' && ACCESS_TOKEN_FORM.test(token)) return tokenUser(platform, route, token, scope)
  const claims = await verifiedTokens(platform.signingKeys).claims(token)
  if (!claims) throw fail.invalid()
  // The session (still there? its aal, the user's verified factor) and, for a scoped route, the
  // caller's membership there, in one statement. No session row: no answer about the scope either.
  const lookup = scope ? SCOPE_SQL[scope.kind] : null
  const [session] = await platform.db.query<SessionRow>(
    `select s.aal as session_aal,
       exists (select 1 from auth_mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as session_has_mfa
       ${lookup ? `, a.id is not null as session_scope_found, a.*` : ''}
     from auth_sessions s ${lookup ? `left join lateral (${lookup}) a on true` : ''}
     where s.id = $1 and s.user_id = $2`,
    scope ? [claims.session_id, claims.sub, scope.key] : [claims.session_id, claims.sub],
    { prepare: true }
  )
  if (!session) throw fail.ended()
  // The platform is for fully signed-in users: with a verified factor, a password alone is not enough.
  // The auth service itself is not gated, or the code could never be verified.
  if (route.flavour === 'platform' && session.session_has_mfa && session.session_aal !== 'aal2') throw fail.secondFactor()
  const user = { id: claims.sub, email: claims.email, sessionId: claims.session_id }
  if (!scope) return { user }
  const { session_aal: _aal, session_has_mfa: _mfa, session_scope_found: found, ...access } = session
  return { user, scope: { ...scope, access: found ? (access as OrgAccess | ProjectAccess) : null } }
}

/**
 * The caller of a route: the signed-in user for `user` routes, null for public ones and the
 * service role; throws 401/403 otherwise. With a scope (the organization or project the route
 * names, known before the body is read), a signed-in user's membership there is looked up in the
 * same round trip as their session.
 */
export async function identify(platform: Platform, req: IncomingMessage, route: AnyRoute, scope?: ScopeLookup): Promise<Caller> {
  if (route.auth === 'public') return { user: null }
  if (route.auth === 'user') return signedInUser(platform, req, route, scope)
  const token = bearerToken(req)
  if (!token) throw failures[route.flavour].missing()
  if (!(await verifyServiceToken(platform.jwtSecret, token))) throw new PlatformError(403, 'This needs the service role.')
  return { user: null }
}

/** The signed-in user for `user` routes, null for public ones; throws 401/403 otherwise. */
export async function authenticate(platform: Platform, req: IncomingMessage, route: AnyRoute): Promise<AuthUser | null> {
  return (await identify(platform, req, route)).user
}
