/** The salted SHA-256 (hex) a rule of the public flag configuration names a user by (lib/api-types/flags.ts). */
import { flagUserHashInput } from '@/lib/api-types/flag-keys'

export async function hashFlagUserId(salt: string, userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(flagUserHashInput(salt, userId)))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}
