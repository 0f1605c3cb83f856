import { Select } from '@/components/ui'
import { ROW_LIMIT_OPTIONS, type RowLimit } from '@/lib/sql/row-limit'
import { rowLimitFromValue, rowLimitToValue } from './useRowLimit'

const OPTIONS = ROW_LIMIT_OPTIONS.map((limit) => ({
  value: rowLimitToValue(limit),
  label: limit === null ? 'No limit' : `${limit.toLocaleString('en-US')} rows`,
}))

/** The toolbar's row limit: what a single SELECT without a LIMIT of its own answers at most. */
export function RowLimitSelect({ value, onChange }: { value: RowLimit; onChange: (limit: RowLimit) => void }) {
  return (
    <Select
      size="tiny"
      aria-label="Row limit"
      title="Row limit: added to a single SELECT without a LIMIT of its own (the editor text is not changed)"
      className="w-[6.75rem]"
      options={OPTIONS}
      value={rowLimitToValue(value)}
      onChange={(event) => onChange(rowLimitFromValue(event.target.value))}
    />
  )
}
