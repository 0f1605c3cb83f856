import { Select } from '@/components/ui'
import type { CatalogTable } from '@/lib/sql/completion'
import { schemasWithTables, type TableChoice } from './column-privileges.utils'

/** Schema, then one of its tables (or views): side by side from `sm` up, stacked on a phone. */
export function TablePicker({ tables, value, onChange }: { tables: readonly CatalogTable[]; value: TableChoice; onChange: (next: TableChoice) => void }) {
  const inSchema = tables.filter((t) => t.schema === value.schema)
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Select
        label="Schema"
        value={value.schema}
        onChange={(e) => onChange({ schema: e.target.value, table: tables.find((t) => t.schema === e.target.value)?.name ?? '' })}
        options={schemasWithTables(tables).map((schema) => ({ value: schema, label: schema }))}
        containerClassName="sm:w-56"
      />
      <Select
        label="Table"
        value={value.table}
        onChange={(e) => onChange({ schema: value.schema, table: e.target.value })}
        options={inSchema.map((t) => ({ value: t.name, label: t.kind === 'table' ? t.name : `${t.name} (${t.kind})` }))}
        containerClassName="min-w-0 sm:w-72"
      />
    </div>
  )
}
