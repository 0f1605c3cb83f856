/**
 * Access tokens: HS256 JWTs signed with the platform secret (JWT_SECRET, or one generated on first
 * start and kept in the control plane so that every app copy shares it).
 */
import { randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { ControlPlaneDb } from '../db/control-plane'

export type AccessClaims = { sub: string; email: string; session_id: string; exp: number; iat: number }

export async function loadJwtSecret(db: ControlPlaneDb, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv)
  const generated = randomBytes(48).toString('base64url')
  await db.query(`insert into platform_secrets (name, value) values ('jwt_secret', $1) on conflict (name) do nothing`, [generated])
  const [row] = await db.query<{ value: string }>(`select value from platform_secrets where name = 'jwt_secret'`)
  return new TextEncoder().encode(row.value)
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: { sub: string; email: string; session_id: string },
  ttlSeconds: number
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(Date.now() / 1000)
  const expiresAt = iat + ttlSeconds
  const token = await new SignJWT({ email: claims.email, session_id: claims.session_id, role: 'authenticated', aal: 'aal1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(secret)
  return { token, expiresAt }
}

/** Returns the claims, or null for a token that is malformed, forged or expired. */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { audience: 'authenticated', algorithms: ['HS256'] })
    if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return null
    return payload as unknown as AccessClaims
  } catch {
    return null
  }
}

/** The service role: a token signed with the platform's secret whose role is `service_role`. */
export async function verifyServiceToken(secret: Uint8Array, token: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
    return payload.role === 'service_role'
  } catch {
    return false
  }
}

export async function signServiceToken(secret: Uint8Array, ttlSeconds: number): Promise<string> {
  return new SignJWT({ role: 'service_role' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(secret)
}
