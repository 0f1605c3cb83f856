import { useVirtualizer } from '@tanstack/react-virtual'
import clsx from 'clsx'
import { MoreHorizontal } from 'lucide-react'
import { memo, useCallback, useId, useMemo, useRef, useState, type Key, type KeyboardEvent, type MouseEvent } from 'react'
import { createPortal } from 'react-dom'
import { toast } from 'sonner'
import { copyToClipboard } from '@/components/ui/CopyButton'
import type { ResultColumn } from '@/lib/api-types/sql'
import type { ColumnarRows } from '@/lib/sql/result-set'
import { CellViewer } from './CellViewer'
import { MenuList } from './ResultsMenu'
import { useRowWindow } from './useRowWindow'
import {
  HEADER_HEIGHT,
  ROW_HEIGHT,
  copyRowText,
  copyText,
  estimateColumnWidths,
  formatCell,
  isCut,
  moveCell,
  rangeBetween,
  rangeCells,
  rangeText,
  rowNumberWidth,
  type CellPosition,
  type CellRange,
} from './ResultsGrid.utils'

export type ResultsGridProps = {
  columns: ResultColumn[]
  /** Held by column, outside React state; may still grow (a streaming result). */
  rows: ColumnarRows
  /** Rows to show: `rows.length` when rendered (passed so that a growing result re-renders). */
  rowCount: number
  className?: string
  /** Accessible name of the grid. */
  label?: string
}

const ROW_OVERSCAN = 10
const COLUMN_OVERSCAN = 2
const MENU_WIDTH = 176

/** A fresh grid (scroll position, measurements) for every new result set. */
const gridIds = new WeakMap<object, number>()
let nextGridId = 0
function gridKey(rows: object, columns: object) {
  for (const value of [rows, columns]) if (!gridIds.has(value)) gridIds.set(value, nextGridId++)
  return `${gridIds.get(rows)}:${gridIds.get(columns)}`
}

const copy = (text: string, done: string) =>
  copyToClipboard(text).then(
    () => void toast.success(done),
    (error: Error) => void toast.error(error.message)
  )

/**
 * Rows of one statement in a virtualized grid: only the rows (and columns) in view, plus a small
 * overscan, are in the DOM, so 100,000 rows scroll like 100. Rows have a fixed height.
 *
 * One cell is focused at a time (click, or the arrow keys once the grid has focus); Shift+click
 * or Shift+arrows select the block from where the selection started. Ctrl/Cmd+C copies the
 * block (tab-separated, as spreadsheets take it) or the one cell; Enter or a double click shows its whole value; the ⋯ on the focused cell, a right
 * click or Shift+F10 open its actions (copy the cell, copy the row, show the value).
 */
export function ResultsGrid(props: ResultsGridProps) {
  return <VirtualGrid key={gridKey(props.rows, props.columns)} {...props} />
}

function VirtualGrid({ columns, rows, rowCount, className, label = 'Query results' }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const baseId = useId()
  // Sized from the first rows in: a growing result keeps its column widths.
  const widths = useMemo(() => estimateColumnWidths(columns, rows), [columns, rows])
  const numberWidth = rowNumberWidth(rowCount)
  const [active, setActive] = useState<CellPosition | null>(null)
  /** Where a Shift-selection started; the block runs from here to `active`. */
  const [anchor, setAnchor] = useState<CellPosition | null>(null)
  const range: CellRange | null = active && anchor ? rangeBetween(anchor, active) : null
  const block = range && rangeCells(range) > 1 ? range : null
  const focus = (at: CellPosition, extend: boolean) => {
    if (!extend || !active) setAnchor(at)
    else if (!anchor) setAnchor(active)
    setActive(at)
  }
  const [menu, setMenu] = useState<{ at: CellPosition; x: number; y: number } | null>(null)
  const [viewer, setViewer] = useState<CellPosition | null>(null)

  // Rows have a fixed height: their window is computed directly (a virtualizer would lay out every
  // row each time a streaming result grows). Columns vary in width: the virtualizer places them.
  const rowWindow = useRowWindow(scrollRef, rowCount, ROW_OVERSCAN)
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: useCallback((index: number) => widths[index] ?? 120, [widths]),
    paddingStart: numberWidth,
    scrollPaddingStart: numberWidth,
    overscan: COLUMN_OVERSCAN,
  })

  const virtualRows = rowWindow.rows
  const virtualColumns = columnVirtualizer.getVirtualItems()
  const totalWidth = columnVirtualizer.getTotalSize()
  const totalHeight = rowWindow.totalHeight
  const cellId = (at: CellPosition) => `${baseId}-${at.row}-${at.col}`
  const activeInView =
    active !== null &&
    virtualRows.some((vr) => vr.index === active.row) &&
    virtualColumns.some((vc) => vc.index === active.col)

  const valueAt = (at: CellPosition) => rows.cell(at.row, at.col)
  const copyCell = (at: CellPosition) => void copy(copyText(valueAt(at)), 'Cell copied')
  const copyBlock = (of: CellRange) => void copy(rangeText(of, (row, col) => rows.cell(row, col)), `${rangeCells(of).toLocaleString('en-US')} cells copied`)
  const openMenu = (at: CellPosition, x: number, y: number) =>
    setMenu({ at, x: Math.max(0, Math.min(x, window.innerWidth - MENU_WIDTH - 8)), y })

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys pressed in the cell menu (a portal, whose events still bubble here) are the menu's.
    if (event.target !== event.currentTarget) return
    const mod = event.ctrlKey || event.metaKey
    if (mod && event.key.toLowerCase() === 'c' && !event.shiftKey && !event.altKey) {
      // Text the user selected with the mouse is copied by the browser, as usual.
      if (!active || window.getSelection()?.toString()) return
      event.preventDefault()
      if (block) copyBlock(block)
      else copyCell(active)
      return
    }
    if (active && event.key === 'Enter') {
      event.preventDefault()
      setViewer(active)
      return
    }
    if (active && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      event.preventDefault()
      const rect = document.getElementById(cellId(active))?.getBoundingClientRect() ?? event.currentTarget.getBoundingClientRect()
      openMenu(active, rect.left, rect.bottom)
      return
    }
    const page = Math.max(1, Math.floor((event.currentTarget.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT) - 1)
    const next = moveCell(active, event.key, { rows: rowCount, cols: columns.length, page, ctrl: mod })
    if (!next) return
    event.preventDefault()
    focus(next, event.shiftKey)
    rowWindow.scrollToIndex(next.row)
    columnVirtualizer.scrollToIndex(next.col)
  }

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const at = cellAt(event.target)
    if (!at) return
    const menuButton = (event.target as Element).closest('[data-action="cell-menu"]')
    if (menuButton) {
      const rect = menuButton.getBoundingClientRect()
      openMenu(at, rect.left, rect.bottom)
    } else {
      focus(at, event.shiftKey)
    }
  }

  return (
    <>
      <div
        ref={scrollRef}
        role="grid"
        aria-label={label}
        aria-rowcount={rowCount + 1}
        aria-colcount={columns.length + 1}
        aria-activedescendant={activeInView ? cellId(active) : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onClick={onClick}
        onDoubleClick={(event) => {
          const at = cellAt(event.target)
          if (at) setViewer(at)
        }}
        onContextMenu={(event) => {
          const at = cellAt(event.target)
          if (!at) return
          event.preventDefault()
          // A right click inside the selected block keeps it (to copy it from the menu).
          const inBlock = block && at.row >= block.top && at.row <= block.bottom && at.col >= block.left && at.col <= block.right
          if (!inBlock) focus(at, false)
          openMenu(at, event.clientX, event.clientY)
        }}
        className={clsx(
          'relative h-full w-full overflow-auto bg-surface font-mono text-xs text-foreground outline-none',
          'focus-visible:ring-1 focus-visible:ring-brand focus-visible:ring-inset',
          className
        )}
      >
        {/* At least as wide as the pane: header and row lines run to its edge with few columns. */}
        <div className="relative" style={{ width: totalWidth, minWidth: '100%', height: totalHeight }}>
          <div
            role="row"
            aria-rowindex={1}
            className="sticky top-0 z-20 border-b border-border bg-surface-raised"
            style={{ width: totalWidth, minWidth: '100%', height: HEADER_HEIGHT }}
          >
            <div
              role="columnheader"
              aria-colindex={1}
              className="sticky left-0 z-10 flex h-full items-center justify-end border-r border-border bg-surface-raised px-2 text-foreground-lighter"
              style={{ width: numberWidth }}
            >
              <span className="sr-only">Row number</span>
            </div>
            {virtualColumns.map((vc) => {
              const column = columns[vc.index]
              return (
                <div
                  key={vc.key}
                  role="columnheader"
                  aria-colindex={vc.index + 2}
                  title={column.name}
                  className="absolute top-0 flex h-full items-center truncate border-r border-border px-2 font-medium text-foreground-light"
                  style={{ left: vc.start, width: vc.size }}
                >
                  <span className="truncate">{column.name}</span>
                </div>
              )
            })}
          </div>

          {virtualRows.map((vr) => (
            <GridRow
              key={vr.index}
              index={vr.index}
              top={vr.top}
              rows={rows}
              virtualColumns={virtualColumns}
              totalWidth={totalWidth}
              numberWidth={numberWidth}
              // Only the focused row and the rows of a selected block get columns: the others keep their memo.
              activeCol={active?.row === vr.index ? active.col : -1}
              selectedFrom={block && vr.index >= block.top && vr.index <= block.bottom ? block.left : -1}
              selectedTo={block && vr.index >= block.top && vr.index <= block.bottom ? block.right : -1}
              activeId={active?.row === vr.index ? cellId(active) : undefined}
            />
          ))}
        </div>
      </div>
      {menu &&
        createPortal(
          <MenuList
            label="Cell actions"
            className="fixed"
            style={{ left: menu.x, top: menu.y, width: MENU_WIDTH }}
            items={[
              ...(block ? [{ label: `Copy selection (${rangeCells(block).toLocaleString('en-US')} cells)`, onSelect: () => copyBlock(block) }] : []),
              { label: 'Copy cell', onSelect: () => copyCell(menu.at) },
              { label: 'Copy row as JSON', onSelect: () => void copy(copyRowText(columns, rows.row(menu.at.row)), 'Row copied') },
              { label: 'Show whole value', onSelect: () => setViewer(menu.at) },
            ]}
            onClose={(refocus) => {
              setMenu(null)
              if (refocus) scrollRef.current?.focus()
            }}
          />,
          document.body
        )}
      {viewer && (
        <CellViewer
          open
          onClose={() => setViewer(null)}
          column={columns[viewer.col].name}
          rowNumber={viewer.row + 1}
          value={valueAt(viewer)}
        />
      )}
    </>
  )
}

/** The cell an event happened in, from the data attributes of its cell and row. */
function cellAt(target: EventTarget): CellPosition | null {
  if (!(target instanceof Element)) return null
  const cell = target.closest<HTMLElement>('[data-col-index]')
  const row = cell?.closest<HTMLElement>('[data-row-index]')
  if (!cell || !row) return null
  return { row: Number(row.dataset.rowIndex), col: Number(cell.dataset.colIndex) }
}

type VirtualColumn = { index: number; start: number; size: number; key: Key }

const GridRow = memo(function GridRow({
  index,
  top,
  rows,
  virtualColumns,
  totalWidth,
  numberWidth,
  activeCol,
  selectedFrom,
  selectedTo,
  activeId,
}: {
  index: number
  top: number
  rows: ColumnarRows
  virtualColumns: VirtualColumn[]
  totalWidth: number
  numberWidth: number
  activeCol: number
  /** Columns of this row inside the selected block (-1: none). */
  selectedFrom: number
  selectedTo: number
  activeId: string | undefined
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row-index={index}
      className="group absolute top-0 left-0 border-b border-border/60"
      style={{ width: totalWidth, minWidth: '100%', height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className="sticky left-0 z-10 flex h-full items-center justify-end border-r border-border bg-surface px-2 text-foreground-lighter group-hover:bg-surface-raised"
        style={{ width: numberWidth }}
      >
        {index + 1}
      </div>
      {virtualColumns.map((vc) => {
        const value = rows.cell(index, vc.index)
        const cell = formatCell(value)
        const active = vc.index === activeCol
        const selected = vc.index >= selectedFrom && vc.index <= selectedTo && selectedFrom !== -1
        return (
          <div
            key={vc.key}
            id={active ? activeId : undefined}
            role="gridcell"
            aria-colindex={vc.index + 2}
            aria-selected={active || selected || undefined}
            data-col-index={vc.index}
            title={cell.title}
            className={clsx(
              'absolute top-0 h-full truncate border-r border-border/60 px-2 leading-[27px] group-hover:bg-surface-raised',
              cell.isNull && 'text-foreground-lighter italic',
              selected && !active && 'bg-brand/10',
              active && 'bg-brand/10 pr-7 ring-1 ring-brand ring-inset'
            )}
            style={{ left: vc.start, width: vc.size }}
          >
            {cell.text}
            {active && (
              <button
                type="button"
                tabIndex={-1}
                data-action="cell-menu"
                // Focus stays on the grid, so the arrows and Ctrl/Cmd+C keep working afterwards.
                onMouseDown={(event) => event.preventDefault()}
                aria-label="Cell actions"
                title={isCut(value) ? 'Cell actions (the value is cut short here)' : 'Cell actions'}
                className="absolute top-1/2 right-1 -translate-y-1/2 rounded bg-surface p-0.5 text-foreground-light not-italic hover:text-foreground"
              >
                <MoreHorizontal size={14} aria-hidden="true" />
              </button>
            )}
          </div>
        )
      })}
    </div>
  )
})
