import type { Snippet } from './types'

/**
 * The snippets whose title or description holds every word of the query, in catalogue order.
 * Case is ignored; an empty query keeps them all.
 */
export function searchSnippets<T extends Pick<Snippet, 'title' | 'description'>>(snippets: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...snippets]
  return snippets.filter((s) => {
    const text = `${s.title}\n${s.description}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}
