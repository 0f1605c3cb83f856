/**
 * The database objects pages (/project/{ref}/database/{kind}): which kinds there are, what each
 * page says about its objects, and the parser of the listing queries' answer
 * (database-objects-sql.ts). Pure: the page, its tests and the API tests share it.
 */
import { z } from 'zod'
import { formatBytes } from '@/lib/format-bytes'
import { DATABASE_OBJECTS_SQL } from './database-objects-sql'

export { DATABASE_OBJECTS_SQL, OBJECTS_MAX } from './database-objects-sql'

export const DATABASE_OBJECT_KINDS = ['tables', 'views', 'functions', 'triggers', 'indexes', 'roles', 'schemas', 'types'] as const
export type DatabaseObjectKind = (typeof DATABASE_OBJECT_KINDS)[number]

export type SummaryValue = string | number | boolean | null

export type DatabaseObject = {
  kind: DatabaseObjectKind
  /** The object's oid: unique within its kind in one database. */
  id: string
  /** Null for roles and schemas, which belong to no schema. */
  schema: string | null
  name: string
  summary: Record<string, SummaryValue>
  /** SQL that creates the object as it is now. */
  definition: string | null
}

/** One summary field as a page shows it: its label, and how to write its value. */
export type SummaryField = {
  key: string
  label: string
  format?: (value: SummaryValue) => string
  /** Shown in the list (a column on wide screens); the detail shows every field. */
  inList?: boolean
}

export type DatabaseObjectKindInfo = {
  kind: DatabaseObjectKind
  /** The page's title, e.g. "Views". */
  title: string
  /** One of them, lower case, e.g. "view". */
  singular: string
  /** Said under the title. */
  description: string
  /** Roles and schemas have no schema: no schema filter, no schema column. */
  inSchema: boolean
  fields: SummaryField[]
  /** What the empty page suggests, as SQL to start from. */
  example: string
}

const yesNo = (value: SummaryValue) => (value === true ? 'Yes' : value === false ? 'No' : '–')
const text = (value: SummaryValue) => (value === null || value === '' ? '–' : String(value))
const bytes = (value: SummaryValue) => (typeof value === 'number' ? formatBytes(value) : '–')
const estimate = (value: SummaryValue) => (typeof value === 'number' ? `≈ ${value.toLocaleString('en-US')}` : 'Not analyzed yet')
const limit = (value: SummaryValue) => (typeof value === 'number' ? String(value) : 'No limit')

export const DATABASE_OBJECT_KIND_INFO: Record<DatabaseObjectKind, DatabaseObjectKindInfo> = {
  tables: {
    kind: 'tables',
    title: 'Tables',
    singular: 'table',
    description: "The project's tables, with the planner's estimate of their rows.",
    inSchema: true,
    fields: [
      { key: 'rows', label: 'Rows (estimate)', format: estimate, inList: true },
      { key: 'size', label: 'Size', format: bytes, inList: true },
      { key: 'rls', label: 'Row-level security', format: (v) => (v === true ? 'Enabled' : 'Disabled'), inList: true },
      { key: 'partitioned', label: 'Partitioned', format: yesNo },
      { key: 'comment', label: 'Comment', format: text },
    ],
    example: 'create table public.todos (\n  id bigint generated always as identity primary key,\n  task text not null\n);',
  },
  views: {
    kind: 'views',
    title: 'Views',
    singular: 'view',
    description: 'Saved queries, and materialized views that keep their results.',
    inSchema: true,
    fields: [
      { key: 'materialized', label: 'Materialized', format: yesNo, inList: true },
      { key: 'comment', label: 'Comment', format: text },
    ],
    example: 'create view public.open_todos as\n  select * from public.todos where not done;',
  },
  functions: {
    kind: 'functions',
    title: 'Functions',
    singular: 'function',
    description: 'Functions and procedures written in SQL, PL/pgSQL and the other languages of the database.',
    inSchema: true,
    fields: [
      { key: 'arguments', label: 'Arguments', format: text, inList: true },
      { key: 'returns', label: 'Returns', format: text, inList: true },
      { key: 'language', label: 'Language', format: text, inList: true },
      { key: 'security_definer', label: 'Security definer', format: yesNo },
      { key: 'procedure', label: 'Procedure', format: yesNo },
    ],
    example: 'create function public.add(a int, b int) returns int\nlanguage sql immutable\nas $$ select a + b $$;',
  },
  triggers: {
    kind: 'triggers',
    title: 'Triggers',
    singular: 'trigger',
    description: 'Functions the database calls when rows of a table change.',
    inSchema: true,
    fields: [
      { key: 'table', label: 'Table', format: text, inList: true },
      { key: 'timing', label: 'Timing', format: text, inList: true },
      { key: 'events', label: 'Events', format: text, inList: true },
      { key: 'level', label: 'For each', format: text },
      { key: 'function', label: 'Function', format: text },
      { key: 'enabled', label: 'Enabled', format: yesNo, inList: true },
    ],
    example: 'create trigger set_updated_at\n  before update on public.todos\n  for each row execute function public.set_updated_at();',
  },
  indexes: {
    kind: 'indexes',
    title: 'Indexes',
    singular: 'index',
    description: 'Indexes of the tables, primary keys and unique constraints included.',
    inSchema: true,
    fields: [
      { key: 'table', label: 'Table', format: text, inList: true },
      { key: 'method', label: 'Method', format: text, inList: true },
      { key: 'unique', label: 'Unique', format: yesNo, inList: true },
      { key: 'primary', label: 'Primary key', format: yesNo },
      { key: 'size', label: 'Size', format: bytes, inList: true },
    ],
    example: 'create index todos_task_idx on public.todos (task);',
  },
  roles: {
    kind: 'roles',
    title: 'Roles',
    singular: 'role',
    description: "The project's own role and the roles it uses or is a member of.",
    inSchema: false,
    fields: [
      { key: 'login', label: 'Can log in', format: yesNo, inList: true },
      { key: 'superuser', label: 'Superuser', format: yesNo, inList: true },
      { key: 'createdb', label: 'Create databases', format: yesNo },
      { key: 'createrole', label: 'Create roles', format: yesNo },
      { key: 'replication', label: 'Replication', format: yesNo },
      { key: 'bypassrls', label: 'Bypass row-level security', format: yesNo },
      { key: 'connection_limit', label: 'Connection limit', format: limit },
      { key: 'valid_until', label: 'Password valid until', format: text },
    ],
    example: 'create role app_reader nologin;',
  },
  schemas: {
    kind: 'schemas',
    title: 'Schemas',
    singular: 'schema',
    description: "The project's schemas; the system's own are left out.",
    inSchema: false,
    fields: [
      { key: 'owner', label: 'Owner', format: text, inList: true },
      { key: 'comment', label: 'Comment', format: text, inList: true },
    ],
    example: 'create schema app;',
  },
  types: {
    kind: 'types',
    title: 'Enumerated types',
    singular: 'enumerated type',
    description: 'Types whose values are one of a fixed list of labels.',
    inSchema: true,
    fields: [
      { key: 'labels', label: 'Values', format: text, inList: true },
      { key: 'comment', label: 'Comment', format: text },
    ],
    example: "create type public.mood as enum ('sad', 'ok', 'happy');",
  },
}

export function isDatabaseObjectKind(value: unknown): value is DatabaseObjectKind {
  return typeof value === 'string' && (DATABASE_OBJECT_KINDS as readonly string[]).includes(value)
}

/** The listing SQL of a kind: one SELECT answering one row, `{ objects }` (a JSON array). */
export function databaseObjectsSql(kind: DatabaseObjectKind): string {
  return DATABASE_OBJECTS_SQL[kind]
}

const objectSchema = z.object({
  id: z.string(),
  schema: z.string().nullable(),
  name: z.string(),
  summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  definition: z.string().nullable(),
})

/** The objects from a listing's one row (`{ objects }`); throws when the answer has another shape. */
export function databaseObjectsFromRows(kind: DatabaseObjectKind, rows: unknown): DatabaseObject[] {
  const row = Array.isArray(rows) ? (rows[0] as { objects?: unknown } | undefined) : undefined
  // json is answered as JSON; a driver that hands it over as text is understood too.
  const value = typeof row?.objects === 'string' ? JSON.parse(row.objects) : row?.objects
  const parsed = z.array(objectSchema).safeParse(value)
  if (!parsed.success) throw new Error(`The ${DATABASE_OBJECT_KIND_INFO[kind].singular} listing answered something unexpected`)
  return parsed.data.map((object) => ({ kind, ...object }))
}

/** A summary value as the page writes it. */
export function formatSummaryValue(field: SummaryField, value: SummaryValue | undefined): string {
  return (field.format ?? text)(value ?? null)
}

/** The objects whose name or schema contains `search` (any case), in `schema` when one is chosen. */
export function filterDatabaseObjects(objects: readonly DatabaseObject[], { search, schema }: { search: string; schema: string | null }): DatabaseObject[] {
  const needle = search.trim().toLowerCase()
  return objects.filter(
    (o) =>
      (schema === null || o.schema === schema) &&
      (needle === '' || o.name.toLowerCase().includes(needle) || (o.schema ?? '').toLowerCase().includes(needle))
  )
}

/** The schemas the objects are in, sorted, public first (the schema filter's choices). */
export function schemasOf(objects: readonly DatabaseObject[]): string[] {
  const names = [...new Set(objects.flatMap((o) => (o.schema === null ? [] : [o.schema])))]
  return names.sort((a, b) => (a === 'public' ? -1 : b === 'public' ? 1 : a.localeCompare(b)))
}

/** `schema.name` as people read it (not quoted: not for SQL), or the name alone. */
export const qualifiedName = (object: Pick<DatabaseObject, 'schema' | 'name'>) => (object.schema === null ? object.name : `${object.schema}.${object.name}`)
