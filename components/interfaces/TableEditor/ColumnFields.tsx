import { useId } from 'react'
import { fieldClasses } from '@/components/ui/FormField'
import { useTableDetailQuery } from '@/data/table-editor/table-detail-query'
import { useTableEditorTablesQuery } from '@/data/table-editor/tables-query'
import { FOREIGN_KEY_ACTIONS, type ForeignKeyAction, type NewColumn } from '@/lib/table-editor'
import { TypePicker } from './TypePicker'

const small = (extra = '') => fieldClasses(false, `h-8 px-2 text-xs ${extra}`)

/**
 * The parts of one column: name, type, default (as SQL), nullable, unique, primary key, identity
 * and a foreign key with its ON DELETE. `fixed` hides what cannot change after the column exists.
 */
export function ColumnFields({
  projectRef,
  schema,
  column,
  onChange,
  label,
  existing = false,
}: {
  projectRef: string
  schema: string
  column: NewColumn
  onChange: (column: NewColumn) => void
  /** Names the fields for assistive technology ("Column 2"). */
  label: string
  /** Editing a column that exists: identity is not offered. */
  existing?: boolean
}) {
  const id = useId()
  const set = (patch: Partial<NewColumn>) => onChange({ ...column, ...patch })
  const check = (name: string, checked: boolean, onCheck: (checked: boolean) => void, disabled = false) => (
    <label className="inline-flex items-center gap-1.5 text-xs text-foreground-light">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onCheck(e.target.checked)} aria-label={`${label} ${name}`} />
      {name}
    </label>
  )
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <input aria-label={`${label} name`} className={small('font-mono')} placeholder="column_name" value={column.name} onChange={(e) => set({ name: e.target.value })} />
        <TypePicker projectRef={projectRef} id={`${id}-type`} label={`${label} type`} value={column.type} onChange={(type) => set({ type })} />
      </div>
      <input
        aria-label={`${label} default`}
        className={small('font-mono')}
        placeholder={column.identity ? 'generated as identity' : 'Default as SQL (now(), 0, \'text\'), or empty'}
        disabled={column.identity}
        value={column.defaultValue ?? ''}
        onChange={(e) => set({ defaultValue: e.target.value === '' ? null : e.target.value })}
      />
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {check('Nullable', column.nullable, (nullable) => set({ nullable }), column.primaryKey)}
        {check('Unique', column.unique, (unique) => set({ unique }))}
        {check('Primary key', column.primaryKey, (primaryKey) => set({ primaryKey, nullable: primaryKey ? false : column.nullable }))}
        {!existing && check('Identity', Boolean(column.identity), (identity) => set({ identity, defaultValue: identity ? null : column.defaultValue }))}
        {check('Foreign key', column.foreignKey !== null, (on) => set({ foreignKey: on ? { schema, table: '', column: '', onDelete: 'NO ACTION' } : null }))}
      </div>
      {column.foreignKey && <ForeignKeyFields projectRef={projectRef} label={label} value={column.foreignKey} onChange={(foreignKey) => set({ foreignKey })} />}
    </div>
  )
}

function ForeignKeyFields({
  projectRef,
  label,
  value,
  onChange,
}: {
  projectRef: string
  label: string
  value: NonNullable<NewColumn['foreignKey']>
  onChange: (value: NonNullable<NewColumn['foreignKey']>) => void
}) {
  const tables = useTableEditorTablesQuery({ projectRef, schema: value.schema })
  const target = useTableDetailQuery({ projectRef, schema: value.schema, table: value.table || undefined })
  return (
    <div className="grid grid-cols-1 gap-2 rounded-md border border-border p-2 sm:grid-cols-3">
      <select aria-label={`${label} references table`} className={small()} value={value.table} onChange={(e) => onChange({ ...value, table: e.target.value, column: '' })}>
        <option value="">Table…</option>
        {(tables.data ?? []).map((t) => (
          <option key={t.name} value={t.name}>
            {t.schema}.{t.name}
          </option>
        ))}
      </select>
      <select aria-label={`${label} references column`} className={small()} value={value.column} onChange={(e) => onChange({ ...value, column: e.target.value })}>
        <option value="">Column…</option>
        {(target.data?.columns ?? []).map((c) => (
          <option key={c.name} value={c.name}>
            {c.name} ({c.type})
          </option>
        ))}
      </select>
      <select
        aria-label={`${label} on delete`}
        className={small()}
        value={value.onDelete}
        onChange={(e) => onChange({ ...value, onDelete: e.target.value as ForeignKeyAction })}
      >
        {FOREIGN_KEY_ACTIONS.map((action) => (
          <option key={action} value={action}>
            on delete {action.toLowerCase()}
          </option>
        ))}
      </select>
    </div>
  )
}

/** What is missing before a column can be written (null when nothing). */
export function columnProblem(column: NewColumn): string | null {
  if (column.name.trim() === '') return 'Every column needs a name.'
  if (column.type.trim() === '') return `${column.name} needs a type.`
  if (column.foreignKey && (!column.foreignKey.table || !column.foreignKey.column)) return `${column.name}: pick the table and column it references.`
  return null
}
