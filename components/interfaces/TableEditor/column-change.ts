import type { ColumnChange, ColumnInfo, NewColumn } from '@/lib/table-editor'

/** An existing column as the column form edits it. */
export function draftOf(column: ColumnInfo): NewColumn {
  const fk = column.foreignKey
  return {
    name: column.name,
    type: column.type,
    defaultValue: column.defaultValue,
    nullable: column.nullable,
    unique: column.unique,
    primaryKey: column.primaryKey,
    foreignKey: fk ? { schema: fk.schema, table: fk.table, column: fk.column, onDelete: fk.onDelete } : null,
    comment: column.comment,
  }
}

/** What the form changed, and only that: an empty change means nothing to run. */
export function columnChangeOf(column: ColumnInfo, draft: NewColumn): ColumnChange {
  const before = draftOf(column)
  const change: ColumnChange = {}
  if (draft.name !== before.name) change.name = draft.name
  if (draft.type !== before.type) change.type = draft.type
  if ((draft.defaultValue ?? null) !== before.defaultValue) change.defaultValue = draft.defaultValue ?? null
  if (draft.nullable !== before.nullable) change.nullable = draft.nullable
  if (draft.unique !== before.unique) change.unique = draft.unique
  if (draft.primaryKey !== before.primaryKey) change.primaryKey = draft.primaryKey
  if (JSON.stringify(draft.foreignKey) !== JSON.stringify(before.foreignKey)) change.foreignKey = draft.foreignKey
  return change
}
