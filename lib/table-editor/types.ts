/**
 * The table editor's model (/project/{ref}/editor): what it reads from the catalog and what it
 * asks the database to do. The editor reads and changes a project's tables only through SQL run
 * by the SQL endpoint, so every change is a statement the user sees before it runs and finds
 * again in the query history.
 */

/** How a cell is edited and written: chosen from the column's type. */
export type ColumnCategory =
  | 'text'
  | 'number'
  | 'boolean'
  | 'json'
  | 'date'
  | 'time'
  | 'timestamp'
  | 'uuid'
  | 'enum'
  | 'array'
  | 'bytea'
  | 'other'

export const FOREIGN_KEY_ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'] as const
export type ForeignKeyAction = (typeof FOREIGN_KEY_ACTIONS)[number]

export type ForeignKeyRef = { schema: string; table: string; column: string; onDelete: ForeignKeyAction; constraint: string }

export type ColumnInfo = {
  name: string
  /** format_type(): e.g. `integer`, `character varying(20)`, `text[]`, `public.mood`. */
  type: string
  category: ColumnCategory
  /** For arrays: the category of an element. */
  elementCategory?: ColumnCategory
  /** For enums (and arrays of one): the labels in order. */
  enumValues?: string[]
  nullable: boolean
  /** The default as SQL (pg_get_expr), null without one. */
  defaultValue: string | null
  identity: boolean
  generated: boolean
  primaryKey: boolean
  unique: boolean
  foreignKey: ForeignKeyRef | null
  comment: string | null
}

export type TableSummary = {
  schema: string
  name: string
  /** pg_class.reltuples (never count(*)); null when the table was never analysed. */
  estimatedRows: number | null
  rlsEnabled: boolean
  comment: string | null
}

export type Policy = {
  name: string
  command: 'ALL' | 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE'
  permissive: boolean
  roles: string[]
  using: string | null
  withCheck: string | null
}

export type TableDetail = TableSummary & {
  columns: ColumnInfo[]
  /** Column names of the primary key, in key order; empty when the table has none. */
  primaryKey: string[]
  policies: Policy[]
}

export const FILTER_OPERATORS = ['=', '<>', '>', '<', 'like', 'in', 'is null', 'is not null'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

/** `value` is the text the user typed; for `in`, values separated by commas. Ignored by is (not) null. */
export type Filter = { column: string; operator: FilterOperator; value: string }

export type Sort = { column: string; ascending: boolean }

/** A row as the SQL endpoint answers it: column name → JSON value (see server/databases/README.md). */
export type Row = Record<string, unknown>

/**
 * Where a page ends, for keyset pagination: the values of the ordering keys (the sort column,
 * then the primary key, or ctid for a table without one) of the page's last row.
 */
export type Cursor = unknown[]

export type RowsRequest = {
  table: TableDetail
  sort: Sort | null
  filters: Filter[]
  /** Rows after this cursor; null for the first page. */
  after: Cursor | null
  limit: number
}

/**
 * What an editor hands over for one cell: the text the user typed (SQL literal text for its type,
 * e.g. `42`, `2024-01-31`, `{1,2}`, `{"a":1}`), `null` for NULL, or `{ default: true }` to let the
 * column's default (or identity) fill it.
 */
export type CellInput = string | null | { default: true }

export type NewColumn = {
  name: string
  /** A type as Postgres spells it (`text`, `int8`, `numeric(10,2)`, `public.mood[]` …). */
  type: string
  defaultValue: string | null
  nullable: boolean
  unique: boolean
  primaryKey: boolean
  foreignKey: { schema: string; table: string; column: string; onDelete: ForeignKeyAction } | null
  comment?: string | null
}

export type NewTable = { schema: string; name: string; comment?: string | null; columns: NewColumn[]; enableRls: boolean }

/** One change of a column: what is absent stays as it is. */
export type ColumnChange = {
  name?: string
  type?: string
  /** null drops the default. */
  defaultValue?: string | null
  nullable?: boolean
  unique?: boolean
  foreignKey?: NewColumn['foreignKey']
}
