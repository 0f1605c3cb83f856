import clsx from 'clsx'
import type { KeyboardEvent, Ref } from 'react'
import { fieldClasses } from '@/components/ui/FormField'
import type { ColumnInfo } from '@/lib/table-editor'

export type ValueInputProps = {
  column: ColumnInfo
  /** The value as SQL literal text for the column's type (lib/table-editor cellText). */
  value: string
  onChange: (value: string) => void
  id?: string
  label: string
  invalid?: boolean
  compact?: boolean
  autoFocus?: boolean
  inputRef?: Ref<HTMLInputElement & HTMLSelectElement & HTMLTextAreaElement>
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void
  describedBy?: string
}

const PLACEHOLDERS: Partial<Record<ColumnInfo['category'], string>> = {
  number: '42',
  json: '{"key": "value"}',
  time: '13:45:00',
  timestamp: '2024-01-31 13:45:00+00',
  uuid: '00000000-0000-0000-0000-000000000000',
  array: '{one,two}',
  bytea: '\\x0102',
}

/**
 * The editor of one value, by the column's category: a select for booleans and enums, a text
 * area for JSON, a date picker for dates, a text field (with the type's shape as placeholder) for
 * the rest. NULL and DEFAULT are chosen beside it, not typed.
 */
export function ValueInput({ column, value, onChange, id, label, invalid, compact, autoFocus, inputRef, onKeyDown, describedBy }: ValueInputProps) {
  const common = {
    id,
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    autoFocus,
    onKeyDown,
    ref: inputRef,
    className: fieldClasses(Boolean(invalid), clsx(compact ? 'h-full rounded-none px-2 text-xs' : 'px-3 py-1.5 text-sm', 'font-mono')),
  }
  const category = column.category
  if (category === 'boolean' || (category === 'enum' && column.enumValues)) {
    const options = category === 'boolean' ? ['true', 'false'] : (column.enumValues ?? [])
    return (
      <select {...common} value={value} onChange={(event) => onChange(event.target.value)}>
        {!options.includes(value) && <option value={value}>{value === '' ? 'Choose…' : value}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    )
  }
  if (category === 'json' && !compact) {
    return <textarea {...common} rows={5} value={value} placeholder={PLACEHOLDERS.json} onChange={(event) => onChange(event.target.value)} />
  }
  return (
    <input
      {...common}
      type={category === 'date' ? 'date' : 'text'}
      inputMode={category === 'number' ? 'decimal' : undefined}
      spellCheck={category === 'text' ? undefined : false}
      placeholder={PLACEHOLDERS[category] ?? column.type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}
