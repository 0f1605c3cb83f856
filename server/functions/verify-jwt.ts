/**
 * `verify_jwt`: whether a request's bearer token is signed with the project's secret (HS256), as
 * Supabase's functions gateway checks it: the project's keys and its users' access tokens pass,
 * anything else is refused. A token that passed is remembered with the secret that passed it (a
 * rotated secret checks it afresh) and its expiry, checked again at each use: a client sends the
 * same token with every call, and the signature check costs more than the rest of the request's
 * own work here. Only tokens that passed are kept, so a forger cannot fill the memory; it is
 * emptied when full.
 */
import { createHash } from 'node:crypto'
import { jwtVerify } from 'jose'

/** By the token's sha256 and the secret's: a few hundred bytes an entry, whatever a token's length. */
const passed = new Map<string, number>()
const MAX_PASSED = 10_000
const digest = (text: string) => createHash('sha256').update(text).digest('base64url')

export async function signedWithSecret(token: string, secret: string): Promise<boolean> {
  const key = `${digest(token)} ${digest(secret)}`
  const exp = passed.get(key)
  if (exp !== undefined) return exp * 1000 > Date.now()
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] })
    if (passed.size >= MAX_PASSED) passed.clear()
    passed.set(key, payload.exp ?? Number.MAX_SAFE_INTEGER)
    return true
  } catch {
    return false
  }
}
