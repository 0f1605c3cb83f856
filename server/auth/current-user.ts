import type { IncomingMessage } from 'node:http'
import { PlatformError } from '../http/errors'
import { verifyAccessToken, type AccessClaims } from './jwt'
import type { Platform } from '../platform'

export type AuthUser = { id: string; email: string; sessionId: string | null }

export const LOCAL_USER_ID = '00000000-0000-4000-8000-000000000001'

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (!header) return null
  const match = /^Bearer\s+(.+)$/i.exec(header)
  return match ? match[1].trim() : null
}

/**
 * The user behind a request. Self-hosted mode has no sign-in: every request acts as the one local
 * user created at start-up. Platform mode needs a valid access token whose user still exists.
 */
export async function resolveUser(platform: Platform, req: IncomingMessage): Promise<AuthUser> {
  if (!platform.config.isPlatform) return { id: LOCAL_USER_ID, email: 'admin@localhost', sessionId: null }
  const token = bearerToken(req)
  if (!token) throw new PlatformError(401, 'You must be signed in to do this.')
  const claims: AccessClaims | null = await verifyAccessToken(platform.jwtSecret, token)
  if (!claims) throw new PlatformError(401, 'Your session has expired or is invalid. Please sign in again.')
  const [session] = await platform.db.query('select 1 from auth_sessions where id = $1 and user_id = $2', [
    claims.session_id,
    claims.sub,
  ])
  if (!session) throw new PlatformError(401, 'Your session has ended. Please sign in again.')
  return { id: claims.sub, email: claims.email, sessionId: claims.session_id }
}
