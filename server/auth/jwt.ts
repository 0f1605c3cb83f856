/**
 * Tokens. Access tokens are ES256 JWTs signed with the platform's signing keys
 * (signing-keys.ts) and carry GoTrue's claims, so that @supabase/auth-js reads them and
 * `getClaims()` verifies them against the published key set. The service role's key is an HS256
 * JWT signed with the platform secret (JWT_SECRET, or one generated on first start and kept in
 * the control plane so that every app copy shares it).
 */
import { randomBytes } from 'node:crypto'
import { SignJWT, decodeProtectedHeader, jwtVerify } from 'jose'
import type { ControlPlaneDb } from '../db/control-plane'
import type { SigningKeys } from './signing-keys'

export type AuthMethod = { method: string; timestamp: number }

export type AccessClaims = {
  iss: string
  aud: string
  sub: string
  exp: number
  iat: number
  email: string
  phone: string
  role: string
  aal: 'aal1' | 'aal2'
  amr: AuthMethod[]
  session_id: string
  is_anonymous: boolean
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
}

export async function loadJwtSecret(db: ControlPlaneDb, fromEnv?: string): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv)
  const generated = randomBytes(48).toString('base64url')
  await db.query(`insert into platform_secrets (name, value) values ('jwt_secret', $1) on conflict (name) do nothing`, [generated])
  const [row] = await db.query<{ value: string }>(`select value from platform_secrets where name = 'jwt_secret'`)
  return new TextEncoder().encode(row.value)
}

export async function signAccessToken(
  keys: SigningKeys,
  claims: Omit<AccessClaims, 'exp' | 'iat' | 'iss' | 'aud'>,
  { issuer, ttlSeconds }: { issuer: string; ttlSeconds: number }
): Promise<{ token: string; expiresAt: number }> {
  const key = await keys.signer()
  const iat = Math.floor(Date.now() / 1000)
  const expiresAt = iat + ttlSeconds
  const { sub, ...rest } = claims
  const token = await new SignJWT(rest)
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(sub)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey)
  return { token, expiresAt }
}

/** Returns the claims, or null for a token that is malformed, forged, signed by an unknown key or expired. */
export async function verifyAccessToken(keys: SigningKeys, token: string): Promise<AccessClaims | null> {
  try {
    const { kid, alg } = decodeProtectedHeader(token)
    if (typeof kid !== 'string' || (alg !== 'ES256' && alg !== 'RS256')) return null
    const key = await keys.find(kid)
    if (!key || key.alg !== alg) return null
    const { payload } = await jwtVerify(token, key.publicKey, { audience: 'authenticated', algorithms: [key.alg] })
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
