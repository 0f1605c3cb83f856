import clsx from 'clsx'
import { ArrowDown, ArrowUp, KeyRound, Link2 } from 'lucide-react'
import type { ColumnInfo, Sort } from '@/lib/table-editor'

/** A column's header: its name, type and key marks; a click sorts by it (ascending, descending, none). */
export function ColumnHeader({
  column,
  index,
  sort,
  onSort,
  left,
  width,
}: {
  column: ColumnInfo
  index: number
  sort: Sort | null
  onSort: (column: string) => void
  left: number
  width: number
}) {
  const sorted = sort?.column === column.name ? (sort.ascending ? 'ascending' : 'descending') : 'none'
  const next = sorted === 'none' ? 'ascending' : sorted === 'ascending' ? 'descending' : 'not sorted'
  return (
    <div
      role="columnheader"
      aria-colindex={index + 2}
      aria-sort={sorted}
      className="absolute top-0 h-full border-r border-border"
      style={{ left, width }}
    >
      <button
        type="button"
        tabIndex={-1}
        onClick={() => onSort(column.name)}
        title={`${column.name} (${column.type}): sort ${next}`}
        aria-label={`${column.name}, ${column.type}${column.primaryKey ? ', primary key' : ''}${column.foreignKey ? `, references ${column.foreignKey.table}.${column.foreignKey.column}` : ''}: sort ${next}`}
        className="flex h-full w-full items-center gap-1.5 px-2 text-left hover:bg-border/40"
      >
        {column.primaryKey && <KeyRound aria-hidden size={12} className="shrink-0 text-warning" />}
        {column.foreignKey && <Link2 aria-hidden size={12} className="shrink-0 text-brand" />}
        <span className="flex min-w-0 flex-col leading-tight">
          {/* The space keeps name and type two words in the visible text the accessible name starts with. */}
          <span className="truncate font-medium text-foreground">{column.name} </span>
          <span className="truncate text-[10px] font-normal text-foreground-lighter">{column.type}</span>
        </span>
        <span aria-hidden className={clsx('ml-auto shrink-0', sorted === 'none' && 'invisible')}>
          {sorted === 'descending' ? <ArrowDown size={12} /> : <ArrowUp size={12} />}
        </span>
      </button>
    </div>
  )
}
