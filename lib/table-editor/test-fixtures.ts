/** Columns and tables for the unit tests: the model as the catalog would answer it. */
import type { ColumnInfo, TableDetail } from './types'

export function column(name: string, type: string, category: ColumnInfo['category'], extra: Partial<ColumnInfo> = {}): ColumnInfo {
  return {
    name,
    type,
    category,
    nullable: true,
    defaultValue: null,
    identity: false,
    generated: false,
    primaryKey: false,
    unique: false,
    foreignKey: null,
    comment: null,
    ...extra,
  }
}

export function table(columns: ColumnInfo[], extra: Partial<TableDetail> = {}): TableDetail {
  return {
    schema: 'public',
    name: 'items',
    estimatedRows: 10,
    countedRows: null,
    rlsEnabled: false,
    comment: null,
    columns,
    primaryKey: columns.filter((c) => c.primaryKey).map((c) => c.name),
    policies: [],
    ...extra,
  }
}
