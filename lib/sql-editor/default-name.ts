export const UNTITLED_SNIPPET_NAME = 'Untitled query'
export const DEFAULT_NAME_MAX = 60

/**
 * The name a new snippet gets when it is first saved: its first non-blank line (a leading `--`
 * comment marker dropped, spaces collapsed), at most 60 characters; "Untitled query" without one.
 */
export function defaultSnippetName(sql: string): string {
  for (const raw of sql.split(/\r?\n/)) {
    const line = raw.replace(/^\s*--+/, '').replace(/\s+/g, ' ').trim()
    if (line) return Array.from(line).slice(0, DEFAULT_NAME_MAX).join('').trimEnd()
  }
  return UNTITLED_SNIPPET_NAME
}
