/**
 * The page's decisions, apart from its rendering: which extensions the filters show, which tags
 * there are to filter by, and where an extension goes by default.
 */
import type { Extension } from '@/lib/api-types'
import { EXTENSION_TAGS, type ExtensionTag } from '@/lib/extensions/tags'

export type StatusFilter = 'all' | 'enabled' | 'available'

export type ExtensionFilters = { search: string; tag: ExtensionTag | null; status: StatusFilter }

/** A search matches the name or the comment, ignoring case; the tag and status narrow further. */
export function filterExtensions(extensions: readonly Extension[], { search, tag, status }: ExtensionFilters): Extension[] {
  const needle = search.trim().toLowerCase()
  return extensions.filter(
    (e) =>
      (needle === '' || e.name.toLowerCase().includes(needle) || (e.comment ?? '').toLowerCase().includes(needle)) &&
      (tag === null || e.tags.includes(tag)) &&
      (status === 'all' || (status === 'enabled' ? e.enabled : !e.enabled && e.changeable))
  )
}

/** The tags the extensions carry, in the catalogue's order. */
export const tagsOf = (extensions: readonly Extension[]): ExtensionTag[] => {
  const used = new Set(extensions.flatMap((e) => e.tags))
  return EXTENSION_TAGS.filter((tag) => used.has(tag))
}

/**
 * Where an extension is put unless the user picks another schema: the one it must go in, or
 * `public`, which is on every role's search_path, so its types, functions and operators work by
 * their plain names (`'a'::citext = 'A'`). In another schema they need that schema's name.
 */
export const DEFAULT_EXTENSION_SCHEMA = 'public'
/**
 * Where an extension goes unless it is told: its control file's schema, else the platform's own
 * (`extensions`, as hosted projects put them: the platform creates there, and no name the
 * project makes in `public` stands in for one of it), else `public` (a database given as it is).
 */
export const defaultSchemaFor = (extension: Extension, platformSchema: string | null = null) =>
  extension.required_schema ?? platformSchema ?? DEFAULT_EXTENSION_SCHEMA

/** Enabled first, then those that can be enabled, then the unavailable ones; by name within each. */
export function sortForDisplay(extensions: readonly Extension[]): Extension[] {
  const rank = (e: Extension) => (e.enabled ? 0 : e.changeable ? 1 : 2)
  return [...extensions].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name))
}
