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

let decoy: Promise<string> | undefined

/**
 * The same work as checking a real password, for an email nobody has: a sign-in with an unknown
 * email must take as long as a wrong password, or timing tells which accounts exist. Always false.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  decoy ??= hash('a password that no account has')
  await verifyPassword(await decoy, password)
  return false
}
