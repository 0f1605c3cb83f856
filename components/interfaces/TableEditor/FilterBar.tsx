import { Plus, X } from 'lucide-react'
import type { Ref } from 'react'
import { Button } from '@/components/ui'
import { fieldClasses } from '@/components/ui/FormField'
import { FILTER_OPERATORS, type ColumnInfo, type Filter } from '@/lib/table-editor'
import { operatorNeedsValue } from './table-editor.utils'

const control = (extra: string) => fieldClasses(false, `h-7 px-2 text-xs ${extra}`)

/**
 * The filters of the grid: column, operator, value; each row one condition, all of them must hold.
 * A filter without its value yet is kept here but not sent.
 */
export function FilterBar({
  columns,
  filters,
  onChange,
  addRef,
}: {
  columns: ColumnInfo[]
  filters: Filter[]
  onChange: (filters: Filter[]) => void
  /** The "Add filter" button, focused by Ctrl/⌘+F in the grid. */
  addRef?: Ref<HTMLButtonElement>
}) {
  const update = (index: number, patch: Partial<Filter>) => onChange(filters.map((f, i) => (i === index ? { ...f, ...patch } : f)))
  const add = () => columns[0] && onChange([...filters, { column: columns[0].name, operator: '=', value: '' }])
  return (
    <div className="flex flex-col gap-1.5" role="group" aria-label="Filters">
      {filters.map((filter, index) => (
        <div key={index} className="flex flex-wrap items-center gap-1.5">
          <select aria-label={`Filter ${index + 1} column`} className={control('w-36')} value={filter.column} onChange={(e) => update(index, { column: e.target.value })}>
            {columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label={`Filter ${index + 1} operator`}
            className={control('w-28')}
            value={filter.operator}
            onChange={(e) => update(index, { operator: e.target.value as Filter['operator'] })}
          >
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          {operatorNeedsValue(filter.operator) && (
            <input
              aria-label={`Filter ${index + 1} value`}
              className={control('w-44 font-mono')}
              placeholder={filter.operator === 'in' ? 'a, b, c' : filter.operator === 'like' ? '%text%' : 'value'}
              value={filter.value}
              onChange={(e) => update(index, { value: e.target.value })}
            />
          )}
          <button
            type="button"
            aria-label={`Remove filter ${index + 1}`}
            onClick={() => onChange(filters.filter((_, i) => i !== index))}
            className="rounded p-1 text-foreground-lighter hover:bg-surface-raised hover:text-foreground"
          >
            <X aria-hidden size={14} />
          </button>
        </div>
      ))}
      <div className="flex items-center gap-2">
        <Button ref={addRef} size="tiny" type="text" icon={<Plus size={14} />} onClick={add} disabled={columns.length === 0}>
          Add filter
        </Button>
        {filters.length > 0 && (
          <Button size="tiny" type="text" onClick={() => onChange([])}>
            Clear filters
          </Button>
        )}
      </div>
    </div>
  )
}
