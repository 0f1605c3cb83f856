/**
 * The foreign data wrappers page: wrappers, foreign servers (their options, with anything that
 * looks like a credential masked), foreign tables, and which user mappings exist (never their
 * options: those hold passwords). One SELECT over the catalog.
 */
import { z } from 'zod'
import { jsonColumn } from './sql-text'

/** Option names whose value is never shown (a server's options can hold a key or a token). */
export const SENSITIVE_OPTION = '(pass|secret|key|token|credential)'

/** `{ name: value }` of an options array (`name=value` texts), sensitive values masked. */
const options = (column: string) => `(
    select coalesce(pg_catalog.json_object_agg(pg_catalog.split_part(o, '=', 1),
      case when pg_catalog.split_part(o, '=', 1) ~* '${SENSITIVE_OPTION}' then '••••••••' else pg_catalog.substr(o, pg_catalog.strpos(o, '=') + 1) end
    ), '{}'::json)
    from pg_catalog.unnest(${column}) o
  )`

export const WRAPPERS_SQL = `select pg_catalog.json_build_object(
  'wrappers', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', w.fdwname,
      'owner', pg_catalog.pg_get_userbyid(w.fdwowner)::text,
      'handler', case when w.fdwhandler = 0 then null else w.fdwhandler::pg_catalog.regproc::text end,
      'extension', (
        select e.extname from pg_catalog.pg_depend d join pg_catalog.pg_extension e on e.oid = d.refobjid
        where d.classid = 'pg_catalog.pg_foreign_data_wrapper'::pg_catalog.regclass and d.objid = w.oid and d.deptype = 'e' limit 1
      ),
      'usable', pg_catalog.has_foreign_data_wrapper_privilege(w.oid, 'USAGE')
    ) order by w.fdwname), '[]'::json)
    from pg_catalog.pg_foreign_data_wrapper w
  ),
  'servers', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', s.srvname,
      'wrapper', w.fdwname,
      'owner', pg_catalog.pg_get_userbyid(s.srvowner)::text,
      'type', s.srvtype,
      'version', s.srvversion,
      'options', ${options('s.srvoptions')},
      'user_mappings', (select coalesce(pg_catalog.json_agg(m.usename::text order by m.usename), '[]'::json) from pg_catalog.pg_user_mappings m where m.srvid = s.oid)
    ) order by s.srvname), '[]'::json)
    from pg_catalog.pg_foreign_server s
    join pg_catalog.pg_foreign_data_wrapper w on w.oid = s.srvfdw
  ),
  'foreign_tables', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'schema', n.nspname,
      'name', c.relname,
      'server', s.srvname,
      'options', ${options('ft.ftoptions')},
      'columns', (
        select coalesce(pg_catalog.json_agg(a.attname::text order by a.attnum), '[]'::json)
        from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      )
    ) order by n.nspname, c.relname), '[]'::json)
    from pg_catalog.pg_foreign_table ft
    join pg_catalog.pg_class c on c.oid = ft.ftrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    join pg_catalog.pg_foreign_server s on s.oid = ft.ftserver
  )
) as wrappers`

const optionsSchema = z.record(z.string(), z.string())
const wrappersSchema = z.object({
  wrappers: z.array(z.object({ name: z.string(), owner: z.string(), handler: z.string().nullable(), extension: z.string().nullable(), usable: z.boolean() })),
  servers: z.array(
    z.object({
      name: z.string(),
      wrapper: z.string(),
      owner: z.string(),
      type: z.string().nullable(),
      version: z.string().nullable(),
      options: optionsSchema,
      user_mappings: z.array(z.string()),
    })
  ),
  foreign_tables: z.array(z.object({ schema: z.string(), name: z.string(), server: z.string(), options: optionsSchema, columns: z.array(z.string()) })),
})
export type ForeignDataCatalog = z.infer<typeof wrappersSchema>

export function wrappersFromRows(rows: unknown): ForeignDataCatalog {
  const parsed = wrappersSchema.safeParse(jsonColumn(rows, 'wrappers'))
  if (!parsed.success) throw new Error('The foreign data wrappers answered something unexpected')
  return parsed.data
}

/** The FDW extensions the page knows, with what each reaches. */
export const FDW_EXTENSIONS = [
  { name: 'postgres_fdw', reaches: 'tables of another PostgreSQL database' },
  { name: 'file_fdw', reaches: "files on the database server's disk" },
  { name: 'wrappers', reaches: 'services such as Stripe, Firebase or S3 (a Rust extension)' },
] as const

/** What the page suggests once postgres_fdw is there. */
export const FOREIGN_SERVER_EXAMPLE_SQL = `create server reporting foreign data wrapper postgres_fdw
  options (host 'db.example.com', port '5432', dbname 'reporting');

create user mapping for current_user server reporting
  options (user 'reader', password 'change me');

create foreign table public.remote_orders (id bigint, total numeric)
  server reporting options (schema_name 'public', table_name 'orders');`
