/**
 * Up to two letters for the avatar button: the first letters of the first two words of the
 * username (split on spaces, dots, dashes and underscores), else of the email's local part.
 */
export function userInitials({ username, email }: { username?: string | null; email?: string | null }): string {
  const source = username?.trim() || email?.split('@')[0]?.trim() || ''
  const words = source.split(/[\s._-]+/u).filter(Boolean)
  const letters = words.length > 1 ? [words[0], words[1]].map((w) => Array.from(w)[0]) : Array.from(words[0] ?? '').slice(0, 2)
  return letters.join('').toUpperCase() || '?'
}
