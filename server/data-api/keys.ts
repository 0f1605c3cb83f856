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
 * Keys already verified, by project and key, with the secret that verified them: every request to
 * a project's URL carries one, and verifying it again costs more than the rest of the gate. A key
 * read with another secret (a rotation) is verified again, and fails; an expiry is checked at
 * each use. Only valid keys are kept, so garbage cannot grow it; it is emptied when full.
 */
const verified = new Map<string, { secret: string; role: ApiKeyRole; exp: number }>()
const MAX_VERIFIED = 10_000
const MAX_KEPT_KEY = 1024
const verifiedKey = (ref: string, key: string) => `${ref}\u0000${key}`

/**
 * Whether `key` passed this project's check before (with this secret or an earlier one): said
 * without the secret, before the gate has read it. A hint, never a check: the gate decides.
 */
export function keyPassedBefore(ref: string, key: string): boolean {
  return verified.has(verifiedKey(ref, key))
}

/**
 * The role of an API key of this project, or null: signed with this project's secret (HS256
 * only), not expired, naming this project and a key role.
 */
export async function apiKeyRole(secret: string, ref: string, key: string): Promise<ApiKeyRole | null> {
  const known = verified.get(verifiedKey(ref, key))
  if (known && known.secret === secret && known.exp * 1000 > Date.now()) return known.role
  try {
    const { payload } = await jwtVerify(key, encode(secret), { algorithms: ['HS256'], issuer: ISSUER })
    if (payload.ref !== ref) return null
    if (!(API_KEY_ROLES as readonly unknown[]).includes(payload.role)) return null
    if (verified.size >= MAX_VERIFIED) verified.clear()
    // A key the platform signs is a few hundred bytes; a longer one (signed by whoever holds the secret) is checked each time.
    if (key.length <= MAX_KEPT_KEY) verified.set(verifiedKey(ref, key), { secret, role: payload.role as ApiKeyRole, exp: payload.exp ?? Number.MAX_SAFE_INTEGER })
    return payload.role as ApiKeyRole
  } catch {
    return null
  }
}
