/** Up to two letters standing in for a picture: `@mira_builds` → MB, `@jonah` → JO. */
export function initialsOf(handle: string): string {
  const words = handle
    .replace(/^@+/, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return [...words[0]].slice(0, 2).join('').toUpperCase()
  return (([...words[0]][0] ?? '') + ([...words[1]][0] ?? '')).toUpperCase()
}

/** How many testimonials the sign-in page shows at once, in the file's order. */
export const TESTIMONIALS_SHOWN = 3
