/**
 * Signed URLs: an HS256 token of the project's secret naming one object (`url`: bucket/path),
 * what it is for (`scope`: download or upload) and its expiry, as Supabase's storage signs them.
 * Whoever holds the URL may download (or upload) that object until then, with no key.
 */
import { SignJWT, jwtVerify } from 'jose'
import { expiredToken, invalidJwt, invalidParameter, invalidSignature } from './errors'

export type SignedScope = 'download' | 'upload'

const encode = (secret: string) => new TextEncoder().encode(secret)

/** `expiresIn` seconds as a signed URL's lifetime: a whole number of at least 1 (a year at most). */
export function assertExpiresIn(value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > 365 * 24 * 3600) throw invalidParameter('expiresIn')
}

export async function signObjectUrl(secret: string, url: string, scope: SignedScope, expiresIn: number, extra: Record<string, unknown> = {}): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...extra, url, scope }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat).setExpirationTime(iat + expiresIn).sign(encode(secret))
}

/** The token's claims when it signs `url` for `scope` and has not expired; else the storage error that says why. */
export async function verifyObjectUrl(secret: string, token: string, url: string, scope: SignedScope): Promise<Record<string, unknown>> {
  let payload: Record<string, unknown>
  try {
    ;({ payload } = await jwtVerify(token, encode(secret), { algorithms: ['HS256'] }))
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_JWT_EXPIRED') throw expiredToken()
    throw invalidJwt((error as Error).message)
  }
  if (payload.scope !== scope) throw invalidSignature(`Token is not scoped for ${scope}`)
  if (payload.url !== url) throw invalidSignature()
  return payload
}
