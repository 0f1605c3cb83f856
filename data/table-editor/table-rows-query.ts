import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { cursorOf, rowsSql, type Cursor, type Filter, type Row, type Sort, type TableDetail } from '@/lib/table-editor'
import { tableEditorKeys } from './keys'
import { readSql } from './read-sql'

/** Rows a page: the grid asks for the next one as the user scrolls near the end of what it has. */
export const ROWS_PAGE_SIZE = 100
/**
 * Pages kept at once: scrolling on lets the farthest page above go, scrolling back reads it again.
 * A change reads the kept pages again (a refetch of an infinite query reads every page it holds),
 * so after scrolling to row 500,000 one edit costs at most this many reads, not 5,000.
 */
export const ROWS_MAX_PAGES = 5

export type TableRowsVariables = { projectRef: string; table: TableDetail; sort: Sort | null; filters: Filter[] }
/**
 * Where a page starts: after a cursor (scrolling on) or before one (scrolling back), and the
 * position of that boundary among the rows seen since the first page (`at`), which keeps the
 * rows on screen still while pages come and go above them. Null for the first page.
 */
export type RowsPageParam = { cursor: Cursor; backward: boolean; at: number } | null
/** `start`: the position of the page's first row; `next`/`previous`: the cursors beyond it, null at an end. */
export type RowsPage = { rows: Row[]; start: number; next: Cursor | null; previous: Cursor | null }

/**
 * One page of a table's rows, keyset-paged (lib/table-editor/rows.ts): the next page starts after
 * the last row's ordering keys, so page 5,000 of a large table is as quick as page 1; the page
 * before starts before the first row's, read nearest first and turned round.
 */
export async function getTableRowsPage(
  { projectRef, table, sort, filters }: TableRowsVariables,
  param: RowsPageParam,
  signal?: AbortSignal
): Promise<RowsPage> {
  const answered = (await readSql(
    projectRef,
    rowsSql({ table, sort, filters, after: param?.cursor ?? null, backward: param?.backward ?? false, limit: ROWS_PAGE_SIZE }),
    signal
  )) as Row[]
  // A short page is the last one in its direction: no request for an empty page beyond it.
  const full = answered.length === ROWS_PAGE_SIZE
  const cursor = (row: Row | undefined) => (row ? cursorOf({ table, sort }, row) : null)
  if (!param) return { rows: answered, start: 0, next: full ? cursor(answered.at(-1)) : null, previous: null }
  if (param.backward) {
    const rows = [...answered].reverse()
    // The page after this one is there (it asked for this one); its boundary is the way on.
    return { rows, start: param.at - rows.length, next: cursor(rows.at(-1)) ?? param.cursor, previous: full ? cursor(rows[0]) : null }
  }
  return { rows: answered, start: param.at, next: full ? cursor(answered.at(-1)) : null, previous: cursor(answered[0]) ?? param.cursor }
}

export function useTableRowsInfiniteQuery({ projectRef, table, sort, filters }: Partial<TableRowsVariables> & { sort: Sort | null; filters: Filter[] }) {
  return useInfiniteQuery({
    queryKey: tableEditorKeys.rows(projectRef, table?.schema, table?.name, sort, filters),
    queryFn: ({ pageParam, signal }) => getTableRowsPage({ projectRef: projectRef!, table: table!, sort, filters }, pageParam, signal),
    initialPageParam: null as RowsPageParam,
    getNextPageParam: (page): RowsPageParam | undefined => (page.next ? { cursor: page.next, backward: false, at: page.start + page.rows.length } : undefined),
    getPreviousPageParam: (page): RowsPageParam | undefined => (page.previous ? { cursor: page.previous, backward: true, at: page.start } : undefined),
    maxPages: ROWS_MAX_PAGES,
    enabled: projectRef !== undefined && table !== undefined,
    staleTime: 0,
    // Another sort or filter keeps the rows on screen until the new ones come (the editor opens
    // each table afresh, so these are always rows of the same table).
    placeholderData: keepPreviousData,
  })
}
