/**
 * Who is calling, as each route declares it may be: anyone, a signed-in user (in self-hosted mode
 * the one local user), or the service role. The router calls this before any handler runs.
 */
import type { IncomingMessage } from 'node:http'
import type { AnyRoute } from '@/lib/api-types'
import type { Platform } from '../platform'
import { verifyAccessToken, verifyServiceToken } from '../auth/jwt'
import { authError } from '../auth/gotrue-errors'
import { LOCAL_USER_EMAIL, LOCAL_USER_ID } from '../auth/local-user'
import { PlatformError } from './errors'
import type { AuthUser } from './types'

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

async function signedInUser(platform: Platform, req: IncomingMessage, route: AnyRoute): Promise<AuthUser> {
  // The auth service has no local user: it always needs a real session.
  if (!platform.config.isPlatform && route.flavour === 'platform') return { id: LOCAL_USER_ID, email: LOCAL_USER_EMAIL, sessionId: null }
  const fail = failures[route.flavour]
  const token = bearerToken(req)
  if (!token) throw fail.missing()
  const claims = await verifyAccessToken(platform.signingKeys, token)
  if (!claims) throw fail.invalid()
  const [session] = await platform.db.query<{ aal: string; has_mfa: boolean }>(
    `select s.aal, exists (select 1 from auth_mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as has_mfa
     from auth_sessions s where s.id = $1 and s.user_id = $2`,
    [claims.session_id, claims.sub]
  )
  if (!session) throw fail.ended()
  // The platform is for fully signed-in users: with a verified factor, a password alone is not enough.
  // The auth service itself is not gated, or the code could never be verified.
  if (route.flavour === 'platform' && session.has_mfa && session.aal !== 'aal2') throw fail.secondFactor()
  return { id: claims.sub, email: claims.email, sessionId: claims.session_id }
}

/** The signed-in user for `user` routes, null for public ones; throws 401/403 otherwise. */
export async function authenticate(platform: Platform, req: IncomingMessage, route: AnyRoute): Promise<AuthUser | null> {
  if (route.auth === 'public') return null
  if (route.auth === 'user') return signedInUser(platform, req, route)
  const token = bearerToken(req)
  if (!token) throw failures[route.flavour].missing()
  if (!(await verifyServiceToken(platform.jwtSecret, token))) throw new PlatformError(403, 'This needs the service role.')
  return null
}
