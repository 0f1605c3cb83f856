import type { ContentSort, ContentVisibility } from '@/lib/api-types'

/** What a list of snippets is narrowed by (the cursor is each page's own). */
export type ContentListFilters = {
  search?: string
  favorite?: boolean
  visibility?: ContentVisibility
  sort?: ContentSort
  limit?: number
}

export type QueryHistoryFilters = { search?: string; limit?: number }

/**
 * Below their own roots, not below ['projects', ref]: a project mutation invalidating the
 * project list by prefix must not refetch every snippet list as well.
 */
export const contentKeys = {
  all: (ref: string | undefined) => ['content', ref] as const,
  lists: (ref: string | undefined) => ['content', ref, 'list'] as const,
  list: (ref: string | undefined, filters: ContentListFilters = {}) => ['content', ref, 'list', filters] as const,
  detail: (ref: string | undefined, id: string | undefined) => ['content', ref, 'detail', id] as const,
  folders: (ref: string | undefined) => ['content', ref, 'folders'] as const,
}

/** Invalidate `queryHistoryKeys.all(ref)` after a SQL run: the platform records every run. */
export const queryHistoryKeys = {
  all: (ref: string | undefined) => ['query-history', ref] as const,
  list: (ref: string | undefined, filters: QueryHistoryFilters = {}) => ['query-history', ref, filters] as const,
}
