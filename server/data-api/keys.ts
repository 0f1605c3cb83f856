/**
 * A project's API keys: HS256 JWTs signed with the project's own secret, as Supabase's are —
 * `anon` (row level security applies) and `service_role` (bypasses it). The same secret and
 * creation time always give the same key; a new secret gives new keys and refuses the old.
 */
import { SignJWT, jwtVerify } from 'jose'

export const API_KEY_ROLES = ['anon', 'service_role'] as const
export type ApiKeyRole = (typeof API_KEY_ROLES)[number]

const ISSUER = 'supaboard'
/** Keys do not expire in practice: they change when the secret is rotated. */
const KEY_LIFETIME_SECONDS = 50 * 365 * 24 * 3600

const encode = (secret: string) => new TextEncoder().encode(secret)

export async function signApiKey(secret: string, role: ApiKeyRole, ref: string, createdAt: Date): Promise<string> {
  const iat = Math.floor(createdAt.getTime() / 1000)
  return new SignJWT({ role, ref })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + KEY_LIFETIME_SECONDS)
    .sign(encode(secret))
}

/**
 * The role of an API key of this project, or null: signed with this project's secret (HS256
 * only), not expired, naming this project and a key role.
 */
export async function apiKeyRole(secret: string, ref: string, key: string): Promise<ApiKeyRole | null> {
  try {
    const { payload } = await jwtVerify(key, encode(secret), { algorithms: ['HS256'], issuer: ISSUER })
    if (payload.ref !== ref) return null
    return (API_KEY_ROLES as readonly unknown[]).includes(payload.role) ? (payload.role as ApiKeyRole) : null
  } catch {
    return null
  }
}
