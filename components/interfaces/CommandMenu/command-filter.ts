import { defaultFilter } from 'cmdk'

/**
 * The menu's ranking (cmdk `filter`): a command whose name is what was typed, starts with it, or
 * has a word starting with it ranks above one found only through its keywords or id, so "table"
 * puts Table editor before Foreign data wrappers (keyword "foreign table"). Keyword matches keep
 * cmdk's own fuzzy score, scaled below every name match. `keywords[0]` is the command's name
 * (CommandMenu.tsx passes it first).
 */
export function rankCommand(value: string, search: string, keywords: string[] = []): number {
  const typed = search.trim().toLowerCase()
  if (!typed) return 1
  const name = (keywords[0] ?? '').toLowerCase()
  if (name === typed) return 1
  if (name.startsWith(typed)) return 0.95
  if (name.split(/[\s\-_/:]+/).some((word) => word.startsWith(typed))) return 0.9
  if (name.includes(typed)) return 0.85
  return defaultFilter(value, search, keywords) * 0.8
}
