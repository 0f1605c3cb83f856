import { Filter as FilterIcon, Plus, Settings2, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react'
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Badge, Button, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useTableDetailQuery } from '@/data/table-editor/table-detail-query'
import { useTableRowsInfiniteQuery } from '@/data/table-editor/table-rows-query'
import { deleteRowsSql, rowsSql, updateRowSql, type Filter, type Row, type Sort, type TableDetail } from '@/lib/table-editor'
import { attempt } from './ChangeDialog'
import { InsertRowPanel } from './InsertRowPanel'
import { RowsGrid } from './RowsGrid'
import { RowsArea } from './RowsArea'
import { FilterBar } from './FilterBar'
import { StructurePanel } from './StructurePanel'
import { useSqlReview } from './SqlReviewContext'
import { activeFilters, rowCountText, rowKey, rowsEditable } from './table-editor.utils'
import { useSettledValue } from './useSettledValue'
import { READ_ONLY_NOTE, WriteControl } from './WriteControl'


/** One table: its toolbar, filters and rows; the table's structure in a side panel. */
export type TableViewProps = {
  projectRef: string
  schema: string
  name: string
  canWrite: boolean
  /** Open another table of the schema (after a rename), or none (after a drop). */
  onOpen: (name: string | undefined) => void
}

export function TableView({ projectRef, schema, name, canWrite, onOpen }: TableViewProps) {
  const detail = useTableDetailQuery({ projectRef, schema, table: name })
  if (detail.isLoading)
    return (
      <div aria-busy="true" aria-label="Loading the table" className="flex flex-col gap-2 p-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  if (detail.error)
    return (
      <div className="p-4">
        <QueryErrorAlert title={`Could not read ${schema}.${name}`} error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      </div>
    )
  if (!detail.data)
    return <EmptyState className="m-4" title={`There is no table ${schema}.${name}`} description="It may have been renamed or dropped. Pick another table from the list." />
  return <LoadedTable projectRef={projectRef} table={detail.data} canWrite={canWrite} onOpen={onOpen} />
}

function LoadedTable({ projectRef, table, canWrite, onOpen }: { projectRef: string; table: TableDetail; canWrite: boolean; onOpen: TableViewProps['onOpen'] }) {
  const review = useSqlReview()
  const [sort, setSort] = useState<Sort | null>(null)
  const [filters, setFilters] = useState<Filter[]>([])
  const [showFilters, setShowFilters] = useState(false)
  const [selected, setSelected] = useState<Set<string>>(() => new Set())
  const [panel, setPanel] = useState<'insert' | 'structure' | null>(null)
  const addFilterRef = useRef<HTMLButtonElement>(null)
  // Settled as text: a new array every render must not restart the wait.
  const settledFilters = useSettledValue(JSON.stringify(activeFilters(filters, table.columns)), 300)
  const typedFilters = useMemo(() => JSON.parse(settledFilters) as Filter[], [settledFilters])
  // A value its column cannot take ("abc" for a number) is said beside the filters, not sent.
  const checked = useMemo(
    () => typedFilters.map((filter) => ({ filter, problem: attempt(() => rowsSql({ table, sort: null, filters: [filter], after: null, limit: 1 })).problem })),
    [typedFilters, table]
  )
  const sentFilters = useMemo(() => checked.filter((c) => c.problem === null).map((c) => c.filter), [checked])
  const filterProblem = checked.find((c) => c.problem !== null)?.problem ?? null
  const rowsQuery = useTableRowsInfiniteQuery({ projectRef, table, sort, filters: sentFilters })
  const { hasNextPage, hasPreviousPage, isFetching, fetchNextPage, fetchPreviousPage } = rowsQuery
  const rows = useMemo(() => rowsQuery.data?.pages.flatMap((page) => page.rows) ?? [], [rowsQuery.data])
  const firstRowIndex = rowsQuery.data?.pages[0]?.start ?? 0
  // Rows of the previous sort or filter, kept on screen meanwhile, are another list.
  const windowKey = rowsQuery.isPlaceholderData ? 'placeholder' : JSON.stringify({ sort, sentFilters })
  // One read at a time: a page asked for during a refetch would cancel it.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage()
  }, [hasNextPage, isFetching, fetchNextPage])
  const loadPrevious = useCallback(() => {
    if (hasPreviousPage && !isFetching) void fetchPreviousPage()
  }, [hasPreviousPage, isFetching, fetchPreviousPage])
  const hasKey = rowsEditable(table)
  const editable = canWrite && hasKey

  const deleteRows = (rows: Row[]) =>
    review({
      title: `Delete ${rows.length === 1 ? '1 row' : `${rows.length.toLocaleString('en-US')} rows`} from ${table.name}`,
      description: 'Deleted rows cannot be brought back.',
      build: () => deleteRowsSql(table, rows),
      success: rows.length === 1 ? 'Row deleted' : `${rows.length.toLocaleString('en-US')} rows deleted`,
      expectedRows: rows.length,
      danger: true,
      runLabel: 'Delete',
      onDone: () => setSelected(new Set()),
    })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && table.columns.length > 0) {
      event.preventDefault()
      setShowFilters(true)
      if (filters.length === 0) setFilters([{ column: table.columns[0].name, operator: '=', value: '' }])
      // After the bar renders: its first value field, or the add button.
      requestAnimationFrame(() => (document.querySelector<HTMLElement>('[aria-label="Filter 1 value"]') ?? addFilterRef.current)?.focus())
    }
  }

  const writeHint = canWrite ? undefined : READ_ONLY_NOTE
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        <h2 className="min-w-0 truncate text-sm font-medium text-foreground">
          <span className="text-foreground-lighter">{table.schema}.</span>
          {table.name}
        </h2>
        <span className="text-xs text-foreground-light">{rowCountText(table)}</span>
        <Badge variant={table.rlsEnabled ? 'brand' : 'warning'} className="inline-flex items-center gap-1">
          {table.rlsEnabled ? <ShieldCheck aria-hidden size={12} /> : <ShieldOff aria-hidden size={12} />}
          {table.rlsEnabled ? 'RLS enabled' : 'RLS disabled'}
        </Badge>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button size="tiny" type={showFilters ? 'default' : 'text'} icon={<FilterIcon size={14} />} aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
            Filter{sentFilters.length > 0 ? ` (${sentFilters.length})` : ''}
          </Button>
          <Button size="tiny" type="text" icon={<Settings2 size={14} />} onClick={() => setPanel('structure')}>
            Definition
          </Button>
          {editable && selected.size > 0 && (
            <Button size="tiny" type="danger" icon={<Trash2 size={14} />} onClick={() => deleteRowsOf(selected)}>
              Delete {selected.size === 1 ? '1 row' : `${selected.size} rows`}
            </Button>
          )}
          <WriteControl hint={writeHint}>
            <Button size="tiny" type="primary" icon={<Plus size={14} />} disabled={!canWrite} onClick={() => setPanel('insert')}>
              Insert row
            </Button>
          </WriteControl>
        </div>
      </div>
      {showFilters && (
        <div className="border-b border-border px-3 py-2">
          <FilterBar columns={table.columns} filters={filters} onChange={setFilters} addRef={addFilterRef} />
          {filterProblem && (
            <p role="alert" className="mt-1 text-xs text-destructive">
              {filterProblem}
            </p>
          )}
        </div>
      )}
      {!canWrite && <p className="border-b border-border px-3 py-1.5 text-xs text-foreground-light">{READ_ONLY_NOTE}</p>}
      {canWrite && !hasKey && (
        <p className="border-b border-border bg-warning/10 px-3 py-1.5 text-xs text-foreground-light">
          This table has no primary key, so a row cannot be told apart from an identical one: its rows are shown read-only. Add a primary key
          (Definition) to edit and delete rows here.
        </p>
      )}
      <RowsArea query={rowsQuery} rowCount={rows.length} filtered={sentFilters.length > 0}>
          <RowsGrid
            projectRef={projectRef}
            table={table}
            rows={rows}
            firstRowIndex={firstRowIndex}
            windowKey={windowKey}
            hasMore={rowsQuery.hasNextPage}
            hasPrevious={rowsQuery.hasPreviousPage}
            loadingMore={rowsQuery.isFetchingNextPage || rowsQuery.isFetchingPreviousPage}
            busy={isFetching}
            onLoadMore={loadMore}
            onLoadPrevious={loadPrevious}
            sort={sort}
            onSortChange={setSort}
            editable={editable}
            selected={selected}
            onSelectedChange={setSelected}
            onEditCell={(row, column, input) =>
              review({
                title: `Change ${column.name}`,
                build: () => updateRowSql(table, row, { [column.name]: input }),
                success: `${column.name} updated`,
                expectedRows: 1,
                runLabel: 'Update',
              })
            }
            onDeleteRows={deleteRows}
          />
      </RowsArea>
      {panel === 'insert' && <InsertRowPanel table={table} onClose={() => setPanel(null)} />}
      {panel === 'structure' && (
        <StructurePanel
          projectRef={projectRef}
          table={table}
          canWrite={canWrite}
          onClose={() => setPanel(null)}
          onRenamed={(next) => onOpen(next)}
          onDropped={() => onOpen(undefined)}
        />
      )}
    </div>
  )

  function deleteRowsOf(keys: ReadonlySet<string>) {
    const chosen = rows.filter((row, index) => keys.has(rowKey(table, row, index)))
    if (chosen.length > 0) deleteRows(chosen)
  }
}
