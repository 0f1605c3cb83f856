/** SPEC §7, §9: a search starts this long after the last keystroke. */
export const DOCS_SEARCH_DEBOUNCE_MS = 150
