/**
 * The SQL behind column-level privileges, run in the project's own database. Every name the
 * caller sends arrives as a string literal (pg's escapeLiteral, safe whatever
 * standard_conforming_strings says) and is only ever compared with the catalog or quoted with
 * format('%I'): a name is never pasted into SQL as an identifier. Functions are qualified with
 * pg_catalog, as the SQL editor's catalog query does.
 *
 * Which schemas and roles count as the project's: lib/sql/project-roles-sql.ts, shared with the
 * database objects pages.
 */
import pg from 'pg'
import type { ColumnPrivilegesChangeBody } from '@/lib/api-types'
import { PROJECT_ROLES_CTES, PROJECT_SCHEMA } from '@/lib/sql/project-roles-sql'

/** The tables, views and the like a privilege can be given on: `target` (one row or none). */
const TARGET_CTE = (schema: string, table: string) => `target as (
  select c.oid, c.relkind, c.relowner, c.relacl, n.nspname::text as schema_name, c.relname::text as table_name
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = ${pg.escapeLiteral(schema)}
    and c.relname = ${pg.escapeLiteral(table)}
    and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and ${PROJECT_SCHEMA('n')}
)`

const PRIVILEGE_TYPES = `('SELECT', 'INSERT', 'UPDATE', 'REFERENCES')`

/**
 * One row, one column (`privileges`, JSON): the table, its columns, the project's roles, and the
 * privileges they hold on it, whole-table grants apart from single-column ones. No row in `table`
 * (null) means no such table. One SELECT, so that it runs for Read-only members too.
 */
export function listSql(schema: string, table: string): string {
  return `with ${PROJECT_ROLES_CTES},
${TARGET_CTE(schema, table)},
table_grants as (
  select distinct pr.rolname as role, a.privilege_type::text as privilege
  from target t,
  pg_catalog.aclexplode(coalesce(t.relacl, pg_catalog.acldefault('r', t.relowner))) a
  join project_roles pr on pr.oid = a.grantee
  where a.privilege_type in ${PRIVILEGE_TYPES}
),
column_grants as (
  select distinct pr.rolname as role, att.attname::text as column_name, att.attnum, a.privilege_type::text as privilege
  from target t
  join pg_catalog.pg_attribute att on att.attrelid = t.oid and att.attnum > 0 and not att.attisdropped,
  pg_catalog.aclexplode(att.attacl) a
  join project_roles pr on pr.oid = a.grantee
  where att.attacl is not null and a.privilege_type in ${PRIVILEGE_TYPES}
)
select pg_catalog.json_build_object(
  'table', (
    select pg_catalog.json_build_object(
      'schema', t.schema_name,
      'name', t.table_name,
      'kind', case t.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end
    )
    from target t
  ),
  'columns', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'name', att.attname, 'type', pg_catalog.format_type(att.atttypid, att.atttypmod)) order by att.attnum), '[]'::json)
    from target t
    join pg_catalog.pg_attribute att on att.attrelid = t.oid and att.attnum > 0 and not att.attisdropped
  ),
  'roles', (
    select coalesce(pg_catalog.json_agg(pr.rolname order by (pr.oid <> p.owner), pr.rolname), '[]'::json)
    from project_roles pr, project p
  ),
  'owner', (select p.owner_name from project p),
  'table_grants', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object('role', g.role, 'privilege', g.privilege) order by g.role, g.privilege), '[]'::json)
    from table_grants g
  ),
  'column_grants', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object('role', g.role, 'column', g.column_name, 'privilege', g.privilege)
      order by g.role, g.attnum, g.privilege), '[]'::json)
    from column_grants g
  )
) as privileges`
}

/** The setting that hands a change's arguments to the DO block (local to its transaction). */
const CHANGE_SETTING = 'dashboard.column_privileges_change'

/**
 * Grants or revokes, checked first: a table, column or role that is not there (or not the
 * project's) raises undefined_table, undefined_column or undefined_object with a sentence a
 * person understands. The arguments reach the block through a transaction-local setting, so the
 * block's text is fixed and nothing the caller sends is ever part of it.
 *
 * Revoking a privilege a role holds on the whole table revokes the table-wide grant and grants it
 * again on the other columns: Postgres keeps table-wide and column grants apart, and revoking one
 * column alone would change nothing.
 */
const CHANGE_BLOCK = `do $column_privileges$
declare
  args json := pg_catalog.current_setting('${CHANGE_SETTING}')::json;
  target_schema text := args ->> 'schema';
  target_table text := args ->> 'table';
  target_role text := args ->> 'role';
  change text := args ->> 'change';
  cols text[] := array(select pg_catalog.json_array_elements_text(args -> 'columns'));
  privs text[] := array(select pg_catalog.json_array_elements_text(args -> 'privileges'));
  rel oid;
  role_oid oid;
  missing text;
  col_list text;
  others text;
  priv text;
begin
  select c.oid into rel
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = target_schema and c.relname = target_table
    and c.relkind in ('r', 'p', 'v', 'm', 'f') and ${PROJECT_SCHEMA('n')};
  if rel is null then
    raise exception using errcode = 'undefined_table', message = pg_catalog.format('Table %I.%I does not exist.', target_schema, target_table);
  end if;

  select wanted.name into missing from pg_catalog.unnest(cols) as wanted(name)
  where not exists (
    select 1 from pg_catalog.pg_attribute att
    where att.attrelid = rel and att.attname = wanted.name and att.attnum > 0 and not att.attisdropped
  )
  limit 1;
  if missing is not null then
    raise exception using errcode = 'undefined_column', message = pg_catalog.format('Column %I does not exist in table %I.%I.', missing, target_schema, target_table);
  end if;

  with ${PROJECT_ROLES_CTES.replace(/\n/g, '\n  ')}
  select pr.oid into role_oid from project_roles pr where pr.rolname = target_role;
  if role_oid is null then
    raise exception using errcode = 'undefined_object', message = pg_catalog.format('Role %I is not one of this project''s roles.', target_role);
  end if;

  select pg_catalog.string_agg(pg_catalog.format('%I', wanted.name), ', ') into col_list from pg_catalog.unnest(cols) as wanted(name);
  foreach priv in array privs loop
    if priv <> all (array['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) then
      raise exception using errcode = 'invalid_parameter_value', message = pg_catalog.format('%s is not a column privilege.', priv);
    end if;
    if change = 'grant' then
      execute pg_catalog.format('grant %s (%s) on table %I.%I to %I', priv, col_list, target_schema, target_table, target_role);
    elsif exists (
      select 1 from pg_catalog.pg_class c, pg_catalog.aclexplode(coalesce(c.relacl, pg_catalog.acldefault('r', c.relowner))) a
      where c.oid = rel and a.grantee = role_oid and a.privilege_type = priv
    ) then
      select pg_catalog.string_agg(pg_catalog.format('%I', att.attname), ', ' order by att.attnum) into others
      from pg_catalog.pg_attribute att
      where att.attrelid = rel and att.attnum > 0 and not att.attisdropped
        and att.attname::text <> all (cols);
      execute pg_catalog.format('revoke %s on table %I.%I from %I', priv, target_schema, target_table, target_role);
      if others is not null then
        execute pg_catalog.format('grant %s (%s) on table %I.%I to %I', priv, others, target_schema, target_table, target_role);
      end if;
    else
      execute pg_catalog.format('revoke %s (%s) on table %I.%I from %I', priv, col_list, target_schema, target_table, target_role);
    end if;
  end loop;
end
$column_privileges$`

export type ChangeKind = 'grant' | 'revoke'

/** The batch for a grant or revoke: hand over the arguments, change, then list (its last statement's rows are the answer). */
export function changeSql(change: ChangeKind, body: ColumnPrivilegesChangeBody): string {
  const args = JSON.stringify({ change, schema: body.schema, table: body.table, role: body.role, columns: body.columns, privileges: body.privileges })
  return [
    `select pg_catalog.set_config('${CHANGE_SETTING}', ${pg.escapeLiteral(args)}, true)`,
    CHANGE_BLOCK,
    listSql(body.schema, body.table),
  ].join(';\n')
}
