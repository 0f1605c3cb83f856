/**
 * A project's access tokens: HS256 JWTs signed with the project's own JWT secret (the one that
 * signs its API keys; never the platform's), carrying GoTrue's claims and `role: authenticated`,
 * which the project's PostgREST switches to. A refresh token is an opaque random string of which
 * the project's auth.refresh_tokens keeps only the SHA-256 (`digest`).
 */
import { createHash, randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'

export type ProjectAccessClaims = {
  sub: string
  ref: string
  email: string
  phone: string
  role: string
  aal: 'aal1'
  amr: { method: string; timestamp: number }[]
  session_id: string
  is_anonymous: boolean
  app_metadata: Record<string, unknown>
  user_metadata: Record<string, unknown>
}

const encode = (secret: string) => new TextEncoder().encode(secret)

export async function signProjectAccessToken(secret: string, claims: ProjectAccessClaims, issuer: string, ttlSeconds: number) {
  const iat = Math.floor(Date.now() / 1000)
  const expiresAt = iat + ttlSeconds
  const { sub, ...rest } = claims
  const token = await new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(issuer)
    .setSubject(sub)
    .setAudience('authenticated')
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(encode(secret))
  return { token, expiresAt }
}

/**
 * The claims of a user's access token of THIS project, or null: signed with its secret (HS256
 * only), not expired, for the `authenticated` audience, naming this project, a user and a session.
 * An API key (no subject) is not a user's token.
 */
export async function verifyProjectAccessToken(secret: string, ref: string, token: string): Promise<(ProjectAccessClaims & { exp: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, encode(secret), { algorithms: ['HS256'], audience: 'authenticated' })
    if (payload.ref !== ref || typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') return null
    return payload as unknown as ProjectAccessClaims & { exp: number }
  } catch {
    return null
  }
}

export const newRefreshToken = () => randomBytes(24).toString('base64url')

/** The hex SHA-256 kept in place of a secret (refresh tokens, mailed links and codes). */
export const digest = (value: string) => createHash('sha256').update(value).digest('hex')
