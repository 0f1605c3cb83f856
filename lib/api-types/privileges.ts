/**
 * Column-level privileges of a project's database (the column privileges feature preview): which
 * of the project's roles may SELECT, INSERT, UPDATE or REFERENCES which column of a table, and
 * the changes that grant or revoke them.
 */
import { z } from 'zod'
import { textField } from './zod-helpers'

export const COLUMN_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const
export type ColumnPrivilege = (typeof COLUMN_PRIVILEGES)[number]

/** Postgres keeps at most 63 bytes of a name (NAMEDATALEN - 1); a longer one names nothing. */
export const MAX_PG_NAME_BYTES = 63

const utf8Length = (text: string) => new TextEncoder().encode(text).length

/** The name of a schema, table, column or role, exactly as the catalog spells it (no quoting). */
export const pgName = (label: string) =>
  textField(label)
    .min(1, `${label} is required`)
    .refine((name) => utf8Length(name) <= MAX_PG_NAME_BYTES, `${label} must be at most ${MAX_PG_NAME_BYTES} bytes long`)
    .refine((name) => !name.includes('\u0000'), `${label} must not contain the NUL character`)

export const columnPrivilegesQuery = z.object({
  schema: pgName('schema'),
  table: pgName('table'),
})
export type ColumnPrivilegesQuery = z.infer<typeof columnPrivilegesQuery>

const unique = (items: readonly string[]) => new Set(items).size === items.length

/** Postgres allows at most 1600 columns in a table. */
const MAX_COLUMNS = 1600

export const columnPrivilegesChangeBody = z.object({
  schema: pgName('schema'),
  table: pgName('table'),
  role: pgName('role'),
  columns: z
    .array(pgName('column'), { error: 'columns must be a list of column names' })
    .min(1, 'columns must name at least one column')
    .max(MAX_COLUMNS, `columns may name at most ${MAX_COLUMNS} columns`)
    .refine(unique, 'columns must not name a column twice'),
  privileges: z
    .array(z.enum(COLUMN_PRIVILEGES, { error: `privileges must be among ${COLUMN_PRIVILEGES.join(', ')}` }), {
      error: 'privileges must be a list',
    })
    .min(1, 'privileges must name at least one privilege')
    .refine(unique, 'privileges must not name a privilege twice'),
})
export type ColumnPrivilegesChangeBody = z.infer<typeof columnPrivilegesChangeBody>

const privilege = z.enum(COLUMN_PRIVILEGES)

export const columnPrivileges = z.object({
  table: z.object({
    schema: z.string(),
    name: z.string(),
    kind: z.enum(['table', 'view', 'materialized view', 'foreign table']),
  }),
  columns: z.array(z.object({ name: z.string(), type: z.string() })),
  /** The roles privileges can be granted to here: the project's own role (the owner) first, then the rest by name. */
  roles: z.array(z.string()),
  /** The project's own role: it owns the database and holds every privilege its tables do not take away. */
  owner: z.string(),
  /** Privileges granted on the whole table: they hold for every column. */
  table_grants: z.array(z.object({ role: z.string(), privilege })),
  /** Privileges granted on single columns. */
  column_grants: z.array(z.object({ role: z.string(), column: z.string(), privilege })),
})
export type ColumnPrivileges = z.infer<typeof columnPrivileges>
