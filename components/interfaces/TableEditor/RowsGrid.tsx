import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import type { CellInput, ColumnInfo, ForeignKeyRef, Row, Sort, TableDetail } from '@/lib/table-editor'
import { ColumnHeader } from './ColumnHeader'
import { GridRow, ROW_HEIGHT, SELECT_WIDTH } from './GridRow'
import { ReferencedRowDialog } from './ReferencedRowDialog'
import { columnWidth, nextSort, rowKey } from './table-editor.utils'

export const HEADER_HEIGHT = 40
/** Asks for the next page when the rows in view come this close to the end of what is loaded. */
const LOAD_AHEAD_ROWS = 30

type Position = { row: number; col: number }

export type RowsGridProps = {
  projectRef: string
  table: TableDetail
  /** The rows of the pages kept: a window onto the table's rows, moving as pages come and go. */
  rows: Row[]
  /** The place of rows[0] among the table's rows as read (more than 0 once pages above were let go). */
  firstRowIndex: number
  /**
   * Changes when the rows are another list (another sort or filter), not the same one moved on:
   * only a move keeps the rows on screen still.
   */
  windowKey: string
  hasMore: boolean
  /** Rows above were let go and can be read again. */
  hasPrevious: boolean
  loadingMore: boolean
  /** A read of rows is under way (a page, or every kept page again): no other is asked for. */
  busy: boolean
  onLoadMore: () => void
  onLoadPrevious: () => void
  sort: Sort | null
  onSortChange: (sort: Sort | null) => void
  /** Cells can be edited and rows selected (the caller may write, and the table has a primary key). */
  editable: boolean
  selected: ReadonlySet<string>
  onSelectedChange: (selected: Set<string>) => void
  onEditCell: (row: Row, column: ColumnInfo, input: CellInput) => void
  /** Delete pressed: the checked rows, or the row of the selected cell when none is checked. */
  onDeleteRows: (rows: Row[]) => void
}

/**
 * The table's rows, virtualized both ways (only what is in view is in the DOM), with the next
 * page asked for as the end comes near, and the page before as the start comes near once the
 * pages above were let go (data/table-editor/table-rows-query.ts keeps a few pages at a time).
 * When pages come or go above the rows in view, the scroll position moves by as many rows, so
 * what is on screen stays still. Arrow keys move the selected cell, Enter (or a double
 * click) edits it, Escape cancels, Space checks its row, Delete asks to delete the checked rows,
 * Ctrl/⌘+Enter on a foreign-key cell shows the row it points at.
 */
export function RowsGrid(props: RowsGridProps) {
  const { projectRef, table, rows, firstRowIndex, windowKey, hasMore, hasPrevious, loadingMore, busy, onLoadMore, onLoadPrevious } = props
  const { sort, onSortChange, editable, selected, onSelectedChange, onEditCell, onDeleteRows } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const baseId = useId()
  const columns = table.columns
  const widths = useMemo(() => columns.map(columnWidth), [columns])
  const [active, setActive] = useState<Position | null>(null)
  const [editing, setEditing] = useState<Position | null>(null)
  const [reference, setReference] = useState<{ foreignKey: ForeignKeyRef; value: unknown } | null>(null)
  const selectWidth = editable ? SELECT_WIDTH : 0

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    overscan: 10,
  })
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: useCallback((index: number) => widths[index] ?? 160, [widths]),
    paddingStart: selectWidth,
    scrollPaddingStart: selectWidth,
    overscan: 2,
  })
  const virtualRows = rowVirtualizer.getVirtualItems()
  const virtualColumns = columnVirtualizer.getVirtualItems()
  const totalWidth = columnVirtualizer.getTotalSize()
  const lastInView = virtualRows.at(-1)?.index ?? -1
  const firstInView = virtualRows[0]?.index ?? 0

  // Rows in view as the scroller says now: the virtualizer hears of a scroll only from its event,
  // which comes after the shift below has moved the view (asking again for the page just read).
  useEffect(() => {
    const scroller = scrollRef.current
    if (busy || !scroller || rows.length === 0) return
    const top = Math.max(0, scroller.scrollTop - HEADER_HEIGHT)
    const first = Math.floor(top / ROW_HEIGHT)
    const last = Math.floor((top + scroller.clientHeight) / ROW_HEIGHT)
    if (hasMore && last >= rows.length - LOAD_AHEAD_ROWS) onLoadMore()
    else if (hasPrevious && first < LOAD_AHEAD_ROWS) onLoadPrevious()
  }, [busy, hasMore, hasPrevious, firstInView, lastInView, firstRowIndex, rows.length, onLoadMore, onLoadPrevious])

  // Pages let go above (or read again there) shift every row: scroll by as much, before paint.
  const shown = useRef({ windowKey, firstRowIndex })
  useLayoutEffect(() => {
    const before = shown.current
    shown.current = { windowKey, firstRowIndex }
    const shift = firstRowIndex - before.firstRowIndex
    if (before.windowKey !== windowKey || shift === 0) return
    if (scrollRef.current) scrollRef.current.scrollTop -= shift * ROW_HEIGHT
    const move = (at: Position | null) => (at && at.row - shift >= 0 && at.row - shift < rows.length ? { ...at, row: at.row - shift } : null)
    setActive(move)
    setEditing(move)
  }, [windowKey, firstRowIndex, rows.length])

  const keys = useMemo(() => rows.map((row, index) => rowKey(table, row, index)), [rows, table])
  const allChecked = rows.length > 0 && keys.every((key) => selected.has(key))
  const toggle = (key: string) => {
    const next = new Set(selected)
    if (next.has(key)) next.delete(key)
    else next.add(key)
    onSelectedChange(next)
  }
  const canEdit = (at: Position) => editable && !columns[at.col]?.generated
  const startEditing = (at: Position) => {
    setActive(at)
    if (canEdit(at)) setEditing(at)
  }
  const stopEditing = () => {
    setEditing(null)
    scrollRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || editing) return
    if (rows.length === 0 || columns.length === 0) return
    const at = active ?? { row: 0, col: 0 }
    if (event.key === 'Enter' && active && (event.ctrlKey || event.metaKey)) {
      // Ctrl/⌘+Enter on a foreign-key cell: the row it points at.
      const column = columns[active.col]
      const value = rows[active.row]?.[column.name]
      if (column.foreignKey && value !== null && value !== undefined) setReference({ foreignKey: column.foreignKey, value })
      return
    }
    if (event.key === 'Enter' && active) {
      event.preventDefault()
      startEditing(active)
      return
    }
    if (event.key === ' ' && active && editable) {
      event.preventDefault()
      toggle(keys[active.row])
      return
    }
    if ((event.key === 'Delete' || event.key === 'Backspace') && editable) {
      const checked = rows.filter((_, index) => selected.has(keys[index]))
      const chosen = checked.length > 0 ? checked : active ? [rows[active.row]] : []
      if (chosen.length > 0) {
        event.preventDefault()
        onDeleteRows(chosen)
      }
      return
    }
    if (event.key === 'Escape') {
      setActive(null)
      return
    }
    const page = Math.max(1, Math.floor((event.currentTarget.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1)
    const moves: Record<string, Position> = {
      ArrowDown: { row: Math.min(rows.length - 1, at.row + (active ? 1 : 0)), col: at.col },
      ArrowUp: { row: Math.max(0, at.row - 1), col: at.col },
      ArrowRight: { row: at.row, col: Math.min(columns.length - 1, at.col + (active ? 1 : 0)) },
      ArrowLeft: { row: at.row, col: Math.max(0, at.col - 1) },
      PageDown: { row: Math.min(rows.length - 1, at.row + page), col: at.col },
      PageUp: { row: Math.max(0, at.row - page), col: at.col },
      Home: { row: event.ctrlKey || event.metaKey ? 0 : at.row, col: 0 },
      End: { row: event.ctrlKey || event.metaKey ? rows.length - 1 : at.row, col: columns.length - 1 },
    }
    const next = moves[event.key]
    if (!next) return
    event.preventDefault()
    setActive(next)
    rowVirtualizer.scrollToIndex(next.row)
    columnVirtualizer.scrollToIndex(next.col)
  }

  const cellId = (at: Position) => `${baseId}-${at.row}-${at.col}`
  const activeInView = active !== null && virtualRows.some((r) => r.index === active.row) && virtualColumns.some((c) => c.index === active.col)

  return (
    <>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={`Rows of ${table.schema}.${table.name}`}
        aria-rowcount={hasMore ? -1 : firstRowIndex + rows.length + 1}
        aria-colcount={columns.length + 1}
        aria-activedescendant={activeInView && !editing ? cellId(active) : undefined}
        aria-readonly={!editable}
        aria-multiselectable={editable || undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="relative h-full w-full overflow-auto bg-surface text-xs text-foreground outline-none [overflow-anchor:none] focus-visible:ring-1 focus-visible:ring-brand focus-visible:ring-inset"
      >
        <div className="relative" style={{ width: totalWidth, minWidth: '100%', height: rowVirtualizer.getTotalSize() }}>
          <div role="row" aria-rowindex={1} className="sticky top-0 z-20 border-b border-border bg-surface-raised" style={{ width: totalWidth, minWidth: '100%', height: HEADER_HEIGHT }}>
            {editable && (
              <div role="columnheader" aria-colindex={1} className="sticky left-0 z-10 flex h-full items-center justify-center border-r border-border bg-surface-raised" style={{ width: SELECT_WIDTH }}>
                <input
                  type="checkbox"
                  aria-label="Select all loaded rows"
                  checked={allChecked}
                  onChange={() => onSelectedChange(allChecked ? new Set() : new Set(keys))}
                />
              </div>
            )}
            {virtualColumns.map((vc) => (
              <ColumnHeader
                key={vc.key}
                column={columns[vc.index]}
                index={vc.index}
                sort={sort}
                onSort={(name) => onSortChange(nextSort(sort, name))}
                left={vc.start}
                width={vc.size}
              />
            ))}
          </div>
          {virtualRows.map((vr) => (
            <GridRow
              key={keys[vr.index]}
              index={vr.index}
              position={firstRowIndex + vr.index}
              top={vr.start}
              row={rows[vr.index]}
              columns={columns}
              virtualColumns={virtualColumns}
              totalWidth={totalWidth}
              editable={editable}
              checked={selected.has(keys[vr.index])}
              onToggle={() => toggle(keys[vr.index])}
              activeCol={active?.row === vr.index ? active.col : -1}
              editingCol={editing?.row === vr.index ? editing.col : -1}
              cellIdOf={(col) => cellId({ row: vr.index, col })}
              onCellClick={(col) => setActive({ row: vr.index, col })}
              onCellDoubleClick={(col) => startEditing({ row: vr.index, col })}
              onShowReference={(foreignKey, value) => setReference({ foreignKey, value })}
              onCommit={(column, input) => {
                stopEditing()
                onEditCell(rows[vr.index], column, input)
              }}
              onCancel={stopEditing}
            />
          ))}
        </div>
      </div>
      {loadingMore && (
        <p role="status" className="absolute right-3 bottom-2 rounded bg-surface-raised px-2 py-1 text-xs text-foreground-light shadow">
          Loading more rows…
        </p>
      )}
      {reference && <ReferencedRowDialog projectRef={projectRef} foreignKey={reference.foreignKey} value={reference.value} onClose={() => setReference(null)} />}
    </>
  )
}
