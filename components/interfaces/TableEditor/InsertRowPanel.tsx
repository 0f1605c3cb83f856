import { useId, useState } from 'react'
import { ModalActions, SidePanel } from '@/components/ui'
import { fieldClasses } from '@/components/ui/FormField'
import { insertRowSql, type CellInput, type ColumnInfo, type TableDetail } from '@/lib/table-editor'
import { useSqlReview } from './SqlReviewContext'
import { jsonError } from './table-editor.utils'
import { ValueInput } from './ValueInput'

type Mode = 'value' | 'null' | 'default'
type Field = { mode: Mode; text: string }

/** Where a column's field starts: its default when it has one (or may be NULL), else a value to type. */
function initialField(column: ColumnInfo): Field {
  const hasDefault = column.defaultValue !== null || column.identity || column.generated || column.nullable
  return { mode: hasDefault ? 'default' : 'value', text: '' }
}

/** A new row: an editor per column, each with "NULL" and "default" beside a value; the INSERT is reviewed before it runs. */
export function InsertRowPanel({ table, onClose }: { table: TableDetail; onClose: () => void }) {
  const review = useSqlReview()
  const baseId = useId()
  const [fields, setFields] = useState<Record<string, Field>>(() => Object.fromEntries(table.columns.map((c) => [c.name, initialField(c)])))
  const problems = Object.fromEntries(
    table.columns.map((c) => {
      const field = fields[c.name]
      return [c.name, field.mode === 'value' && c.category === 'json' ? jsonError(field.text) : null]
    })
  )
  const blocked = Object.values(problems).some(Boolean)

  const submit = () => {
    // Columns left at their default are left out of the INSERT: the database fills them.
    const values: Record<string, CellInput> = {}
    for (const column of table.columns) {
      const field = fields[column.name]
      if (field.mode === 'value') values[column.name] = field.text
      else if (field.mode === 'null') values[column.name] = null
    }
    review({ title: `Insert a row into ${table.name}`, build: () => insertRowSql(table, values), success: `Row added to ${table.name}`, runLabel: 'Insert row', onDone: onClose })
  }

  return (
    <SidePanel
      open
      onClose={onClose}
      title={`Add a row to ${table.name}`}
      description="Columns left at their default are filled by the database."
      size="large"
      footer={<ModalActions actionLabel="Review SQL" onCancel={onClose} onAction={submit} actionDisabled={blocked} />}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          if (!blocked) submit()
        }}
      >
        {table.columns.map((column) => {
          const field = fields[column.name]
          const id = `${baseId}-${column.name}`
          const set = (patch: Partial<Field>) => setFields((all) => ({ ...all, [column.name]: { ...all[column.name], ...patch } }))
          return (
            <div key={column.name} className="flex flex-col gap-1">
              <div className="flex items-center justify-between gap-2">
                <label htmlFor={id} className="truncate text-sm font-medium text-foreground">
                  {column.name} <span className="font-mono text-xs font-normal text-foreground-lighter">{column.type}</span>
                </label>
                <select
                  aria-label={`How to fill ${column.name}`}
                  className={fieldClasses(false, 'h-7 w-28 px-2 text-xs')}
                  value={field.mode}
                  disabled={column.generated}
                  onChange={(e) => set({ mode: e.target.value as Mode })}
                >
                  <option value="value">Value</option>
                  {column.nullable && <option value="null">NULL</option>}
                  <option value="default">{column.identity || column.generated ? 'Generated' : column.defaultValue ? 'Default' : 'Default (NULL)'}</option>
                </select>
              </div>
              {field.mode === 'value' ? (
                <ValueInput id={id} column={column} value={field.text} onChange={(text) => set({ text })} label={column.name} invalid={Boolean(problems[column.name])} />
              ) : (
                <p id={id} className="font-mono text-xs text-foreground-lighter">
                  {field.mode === 'null' ? 'NULL' : (column.defaultValue ?? (column.identity ? 'identity' : column.generated ? 'generated' : 'NULL'))}
                </p>
              )}
              {problems[column.name] && <p className="text-xs text-destructive">{problems[column.name]}</p>}
              {column.comment && <p className="text-xs text-foreground-lighter">{column.comment}</p>}
            </div>
          )
        })}
      </form>
    </SidePanel>
  )
}
