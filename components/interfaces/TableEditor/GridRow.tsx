import clsx from 'clsx'
import { Link2 } from 'lucide-react'
import { memo, type Key } from 'react'
import { cellText, type CellInput, type ColumnInfo, type ForeignKeyRef, type Row } from '@/lib/table-editor'
import { CellEditor } from './CellEditor'
import { cellPreview } from './table-editor.utils'

export const ROW_HEIGHT = 32
export const SELECT_WIDTH = 40

export type VirtualColumn = { index: number; start: number; size: number; key: Key }

/** One row of the grid: its checkbox, the cells in view, and the inline editor of the cell being edited. */
export const GridRow = memo(function GridRow({
  index,
  position,
  top,
  row,
  columns,
  virtualColumns,
  totalWidth,
  editable,
  checked,
  onToggle,
  activeCol,
  editingCol,
  cellIdOf,
  onCellClick,
  onCellDoubleClick,
  onShowReference,
  onCommit,
  onCancel,
}: {
  index: number
  /** Its place among the table's rows as read (index counts only the pages kept). */
  position: number
  top: number
  row: Row
  columns: ColumnInfo[]
  virtualColumns: VirtualColumn[]
  totalWidth: number
  editable: boolean
  checked: boolean
  onToggle: () => void
  activeCol: number
  editingCol: number
  cellIdOf: (col: number) => string
  onCellClick: (col: number) => void
  onCellDoubleClick: (col: number) => void
  onShowReference: (foreignKey: ForeignKeyRef, value: unknown) => void
  onCommit: (column: ColumnInfo, input: CellInput) => void
  onCancel: () => void
}) {
  return (
    <div
      role="row"
      aria-rowindex={position + 2}
      aria-selected={editable ? checked : undefined}
      data-row-index={index}
      className={clsx('group absolute top-0 left-0 border-b border-border/60', checked && 'bg-brand/10')}
      style={{ width: totalWidth, minWidth: '100%', height: ROW_HEIGHT, transform: `translateY(${top}px)` }}
    >
      {editable && (
        <div role="gridcell" aria-colindex={1} className="sticky left-0 z-10 flex h-full items-center justify-center border-r border-border bg-surface group-hover:bg-surface-raised" style={{ width: SELECT_WIDTH }}>
          <input type="checkbox" tabIndex={-1} aria-label={`Select row ${position + 1}`} checked={checked} onChange={onToggle} />
        </div>
      )}
      {virtualColumns.map((vc) => {
        const column = columns[vc.index]
        const value = row[column.name]
        const text = cellText(column, value)
        const isActive = activeCol === vc.index
        return (
          <div
            key={vc.key}
            id={cellIdOf(vc.index)}
            role="gridcell"
            aria-colindex={vc.index + 2}
            aria-label={`${column.name}: ${text ?? 'NULL'}`}
            data-col-index={vc.index}
            onClick={() => onCellClick(vc.index)}
            onDoubleClick={() => onCellDoubleClick(vc.index)}
            className={clsx(
              'absolute top-0 flex h-full items-center gap-1 border-r border-border/60 px-2 font-mono',
              isActive && 'z-10 ring-2 ring-brand ring-inset'
            )}
            style={{ left: vc.start, width: vc.size }}
          >
            <span aria-hidden className={clsx('truncate', text === null && 'text-foreground-lighter italic')}>
              {cellPreview(text)}
            </span>
            {column.foreignKey && value !== null && value !== undefined && (
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Show the ${column.foreignKey.table} row ${column.name} points at`}
                title={`Show the referenced ${column.foreignKey.table} row`}
                onClick={(event) => {
                  event.stopPropagation()
                  onShowReference(column.foreignKey!, value)
                }}
                className="ml-auto shrink-0 rounded p-0.5 text-foreground-lighter hover:bg-border/60 hover:text-brand"
              >
                <Link2 aria-hidden size={12} />
              </button>
            )}
            {editingCol === vc.index && <CellEditor column={column} value={value} onCommit={(input) => onCommit(column, input)} onCancel={onCancel} />}
          </div>
        )
      })}
    </div>
  )
})
