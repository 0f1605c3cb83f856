import { useVirtualizer } from '@tanstack/react-virtual'
import clsx from 'clsx'
import { memo, useCallback, useMemo, useRef, type Key } from 'react'
import type { ResultColumn } from '@/lib/api-types/sql'
import {
  HEADER_HEIGHT,
  ROW_HEIGHT,
  estimateColumnWidths,
  formatCell,
  rowNumberWidth,
} from './ResultsGrid.utils'

export type ResultsGridProps = {
  columns: ResultColumn[]
  rows: Record<string, unknown>[]
  className?: string
  /** Accessible name of the grid. */
  label?: string
}

const ROW_OVERSCAN = 10
const COLUMN_OVERSCAN = 2

/** A fresh grid (scroll position, measurements) for every new result set. */
const gridIds = new WeakMap<object, number>()
let nextGridId = 0
function gridKey(rows: object, columns: object) {
  for (const value of [rows, columns]) if (!gridIds.has(value)) gridIds.set(value, nextGridId++)
  return `${gridIds.get(rows)}:${gridIds.get(columns)}`
}

/**
 * Rows of one statement in a virtualized grid: only the rows (and columns) in view, plus a small
 * overscan, are in the DOM, so 100,000 rows scroll like 100. Rows have a fixed height.
 */
export function ResultsGrid(props: ResultsGridProps) {
  return <VirtualGrid key={gridKey(props.rows, props.columns)} {...props} />
}

function VirtualGrid({ columns, rows, className, label = 'Query results' }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const widths = useMemo(() => estimateColumnWidths(columns, rows), [columns, rows])
  const numberWidth = rowNumberWidth(rows.length)

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    paddingStart: HEADER_HEIGHT,
    overscan: ROW_OVERSCAN,
  })
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: useCallback((index: number) => widths[index] ?? 120, [widths]),
    paddingStart: numberWidth,
    overscan: COLUMN_OVERSCAN,
  })

  const virtualRows = rowVirtualizer.getVirtualItems()
  const virtualColumns = columnVirtualizer.getVirtualItems()
  const totalWidth = columnVirtualizer.getTotalSize()
  const totalHeight = rowVirtualizer.getTotalSize()

  return (
    <div
      ref={scrollRef}
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      tabIndex={0}
      className={clsx(
        'relative h-full w-full overflow-auto bg-surface font-mono text-xs text-foreground outline-none',
        'focus-visible:ring-1 focus-visible:ring-brand focus-visible:ring-inset',
        className
      )}
    >
      <div className="relative" style={{ width: totalWidth, height: totalHeight }}>
        <div
          role="row"
          aria-rowindex={1}
          className="sticky top-0 z-20 border-b border-border bg-surface-raised"
          style={{ width: totalWidth, height: HEADER_HEIGHT }}
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
            key={vr.key}
            index={vr.index}
            top={vr.start}
            row={rows[vr.index]}
            columns={columns}
            virtualColumns={virtualColumns}
            totalWidth={totalWidth}
            numberWidth={numberWidth}
          />
        ))}
      </div>
    </div>
  )
}

type VirtualColumn = { index: number; start: number; size: number; key: Key }

const GridRow = memo(function GridRow({
  index,
  top,
  row,
  columns,
  virtualColumns,
  totalWidth,
  numberWidth,
}: {
  index: number
  top: number
  row: Record<string, unknown>
  columns: ResultColumn[]
  virtualColumns: VirtualColumn[]
  totalWidth: number
  numberWidth: number
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      data-row-index={index}
      className="group absolute top-0 left-0 border-b border-border/60"
      style={{ width: totalWidth, height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
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
        const cell = formatCell(row[columns[vc.index].name])
        return (
          <div
            key={vc.key}
            role="gridcell"
            aria-colindex={vc.index + 2}
            title={cell.title}
            className={clsx(
              'absolute top-0 h-full truncate border-r border-border/60 px-2 leading-[27px] group-hover:bg-surface-raised',
              cell.isNull && 'text-foreground-lighter italic'
            )}
            style={{ left: vc.start, width: vc.size }}
          >
            {cell.text}
          </div>
        )
      })}
    </div>
  )
})
