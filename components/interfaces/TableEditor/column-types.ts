import { quoteIdentifier } from '@/lib/sql/completion/identifiers'
import type { NewColumn } from '@/lib/table-editor'

/** The types offered first when a column is made; any other can be typed (Other…). */
export const COMMON_TYPES = [
  'text',
  'varchar',
  'int2',
  'int4',
  'int8',
  'numeric',
  'float4',
  'float8',
  'bool',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'json',
  'jsonb',
  'bytea',
  'text[]',
  'int8[]',
] as const

/** An enum of the database as a type name the database reads back (quoted when it must be). */
export const enumTypeName = (schema: string | null, name: string) => (schema ? `${quoteIdentifier(schema)}.${quoteIdentifier(name)}` : quoteIdentifier(name))

/** A new table's first columns: a generated id and when the row was made. */
export function starterColumns(): NewColumn[] {
  return [
    { name: 'id', type: 'int8', identity: true, defaultValue: null, nullable: false, unique: false, primaryKey: true, foreignKey: null },
    { name: 'created_at', type: 'timestamptz', defaultValue: 'now()', nullable: false, unique: false, primaryKey: false, foreignKey: null },
  ]
}

export const emptyColumn = (): NewColumn => ({ name: '', type: 'text', defaultValue: null, nullable: true, unique: false, primaryKey: false, foreignKey: null })
