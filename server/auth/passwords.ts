import { hash, verify } from '@node-rs/argon2'

/** argon2id with the library's defaults (memory-hard; ~40–80 ms per hash here). */
export const hashPassword = (password: string) => hash(password)

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password)
  } catch {
    return false
  }
}
