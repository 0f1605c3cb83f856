import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { cursorOf, rowsSql, type Cursor, type Filter, type Row, type Sort, type TableDetail } from '@/lib/table-editor'
import { tableEditorKeys } from './keys'
import { readSql } from './read-sql'

/** Rows a page: the grid asks for the next one as the user scrolls near the end of what it has. */
export const ROWS_PAGE_SIZE = 100

export type TableRowsVariables = { projectRef: string; table: TableDetail; sort: Sort | null; filters: Filter[] }
export type RowsPage = { rows: Row[]; next: Cursor | null }

/**
 * One page of a table's rows, keyset-paged (lib/table-editor/rows.ts): the next page starts after
 * the last row's ordering keys, so page 5,000 of a large table is as quick as page 1.
 */
export async function getTableRowsPage(
  { projectRef, table, sort, filters }: TableRowsVariables,
  after: Cursor | null,
  signal?: AbortSignal
): Promise<RowsPage> {
  const rows = (await readSql(projectRef, rowsSql({ table, sort, filters, after, limit: ROWS_PAGE_SIZE }), signal)) as Row[]
  const last = rows.at(-1)
  // A short page is the last one: no request for an empty page after it.
  return { rows, next: rows.length === ROWS_PAGE_SIZE && last ? cursorOf({ table, sort }, last) : null }
}

export function useTableRowsInfiniteQuery({ projectRef, table, sort, filters }: Partial<TableRowsVariables> & { sort: Sort | null; filters: Filter[] }) {
  return useInfiniteQuery({
    queryKey: tableEditorKeys.rows(projectRef, table?.schema, table?.name, sort, filters),
    queryFn: ({ pageParam, signal }) => getTableRowsPage({ projectRef: projectRef!, table: table!, sort, filters }, pageParam, signal),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: projectRef !== undefined && table !== undefined,
    staleTime: 0,
    // Another sort or filter keeps the rows on screen until the new ones come (the editor opens
    // each table afresh, so these are always rows of the same table).
    placeholderData: keepPreviousData,
  })
}
