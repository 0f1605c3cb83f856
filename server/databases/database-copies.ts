/**
 * Preview branches and backup clones: a template copy of a database on the same server (no client
 * tools, any server version), made the new project's own (adoptCopy), and for a branch emptied by
 * its own role (emptyCopy).
 */
import pg from 'pg'
import { adminOn, reopenDatabase, withCopyLock } from './admin-session'
import { roleClient } from './role-session'
import { assertName, readOnlyRoleOf } from './role-names'

/**
 * CREATE DATABASE `child` TEMPLATE `parent` (owner: the admin). The copy needs nobody connected to
 * the parent: its open sessions are ended (pools reconnect on their next use) and new ones are
 * refused while the copy is made (it copies every block, so a larger parent takes longer), then
 * connections are allowed again, unless the parent was paused (closed already), which it stays.
 * The copy is made closed to connections: the caller opens it once its grants are the child's.
 * The caller closed this process's pools first.
 */
export async function copyDatabase(adminUrl: string, parent: string, child: string) {
  assertName(parent)
  assertName(child)
  const from = pg.escapeIdentifier(parent)
  // A session of its own, not the admin pool's: the copy (and the wait for another copy of the
  // same parent: one at a time, each restores what it found) may take long.
  await withCopyLock(adminUrl, parent, async (client) => {
    const { rows } = await client.query<{ open: boolean }>('select datallowconn as open from pg_database where datname = $1', [parent])
    if (!rows[0]) throw new Error(`the parent database ${parent} does not exist on this server`)
    try {
      if (rows[0].open) await client.query(`ALTER DATABASE ${from} ALLOW_CONNECTIONS false`)
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [parent])
      // Postgres waits a few seconds for ended sessions to go.
      // Closed until the caller has revoked PUBLIC's CONNECT on it: it holds the parent's data.
      // The admin's, as every project database (database-ownership.ts).
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(child)} TEMPLATE ${from} ALLOW_CONNECTIONS false`)
    } finally {
      // Also when this session was lost: the parent must not stay closed.
      if (rows[0].open) await client.query(`ALTER DATABASE ${from} ALLOW_CONNECTIONS true`).catch(() => reopenDatabase(adminUrl, parent))
    }
  })
}

/**
 * Everything of the parent's role in the copy becomes the child's, as the admin in the copy, in
 * one transaction: REASSIGN OWNED (which also hands over shared objects: a database the parent's
 * role owns is given back at once); privileges granted to the parent's role (by the platform: its extension
 * schema and functions) go to the child's role; its default privileges and row-level policies
 * name the child's role instead. What named the parent's read-only role is revoked: the child's
 * read-only role is set up afterwards, as for any project. So nothing in the copy names the
 * parent's roles (which could not connect to it anyway: CONNECT is the child's only), and
 * dropping the parent later finds no dependency here.
 */
export async function adoptCopy(adminUrl: string, parent: string, child: string) {
  assertName(parent)
  assertName(child)
  await inOneTransaction(await adminOn(adminUrl, child), async (client) => {
    // REASSIGN OWNED hands over shared objects too: a database the parent's role still owns (made
    // by an earlier version) is given back to it.
    const { rows: owned } = await client.query<{ name: string }>(
      'select datname as name from pg_catalog.pg_database where datdba = (select oid from pg_catalog.pg_roles where rolname = $1)',
      [parent]
    )
    await client.query(`REASSIGN OWNED BY ${pg.escapeIdentifier(parent)} TO ${pg.escapeIdentifier(child)}`)
    for (const { name } of owned) await client.query(`ALTER DATABASE ${pg.escapeIdentifier(name)} OWNER TO ${pg.escapeIdentifier(parent)}`)
    await client.query(handOverSql(parent, readOnlyRoleOf(parent.slice(2)), child))
    // Column statistics hold sample values of the parent's rows (most common values, histograms).
    const { rows } = await client.query<{ su: boolean }>('select rolsuper as su from pg_roles where rolname = current_user')
    if (rows[0]?.su) await client.query(CLEAR_STATISTICS)
  })
}

/**
 * Runs `fn` on a connected client in one transaction whose search_path is pg_catalog alone (no
 * name resolves to anything a project made), rolled back when it throws; the client is ended.
 */
async function inOneTransaction(client: pg.Client, fn: (client: pg.Client) => Promise<void>) {
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL search_path = pg_catalog, pg_temp')
    await fn(client)
    await client.query('COMMIT')
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw e
  } finally {
    await client.end().catch(() => undefined)
  }
}

const CLEAR_STATISTICS = `
  delete from pg_statistic s using pg_class c where c.oid = s.starelid and c.relnamespace not in (
    select oid from pg_namespace where nspname in ('pg_catalog', 'information_schema') or nspname like 'pg\\_toast%');
  delete from pg_statistic_ext_data`

/** The DO block of adoptCopy: ACL entries, default privileges and policies that name the parent's roles. */
function handOverSql(parent: string, parentReader: string, child: string): string {
  const body = `
declare
  parent oid := (select oid from pg_roles where rolname = ${pg.escapeLiteral(parent)});
  reader oid := (select oid from pg_roles where rolname = ${pg.escapeLiteral(parentReader)});
  child_name text := ${pg.escapeLiteral(child)};
  here oid := (select oid from pg_database where datname = current_database());
  o record;
  e record;
  target text;
  acl aclitem[];
  kind text;
  roles text;
begin
  -- Privileges on objects of this database granted to the parent's roles.
  for o in
    select distinct d.classid, d.objid, d.objsubid, i.type, i.identity
    from pg_shdepend d, pg_identify_object(d.classid, d.objid, d.objsubid) i
    where d.dbid = here and d.deptype = 'a' and d.refobjid in (parent, reader) and d.classid <> 'pg_default_acl'::regclass
    -- columns before their table: a table's REVOKE ALL also takes the column privileges
    order by d.objsubid desc
  loop
    kind := case
      when o.type in ('table', 'view', 'materialized view', 'foreign table', 'table column', 'view column',
                      'materialized view column', 'foreign table column') then 'TABLE'
      when o.type = 'sequence' then 'SEQUENCE'
      when o.type in ('function', 'procedure', 'aggregate') then 'ROUTINE'
      when o.type = 'schema' then 'SCHEMA'
      when o.type in ('type', 'domain') then 'TYPE'
      when o.type = 'language' then 'LANGUAGE'
      when o.type = 'large object' then 'LARGE OBJECT'
      when o.type = 'foreign-data wrapper' then 'FOREIGN DATA WRAPPER'
      when o.type = 'server' then 'FOREIGN SERVER'
    end;
    if kind is null then
      raise exception 'privileges of % on % % cannot be handed over', ${pg.escapeLiteral(parent)}, o.type, o.identity;
    end if;
    if o.classid = 'pg_class'::regclass and o.objsubid <> 0 then
      select a.attacl, format('(%I) ON TABLE %s', a.attname, o.objid::regclass) into acl, target
        from pg_attribute a where a.attrelid = o.objid and a.attnum = o.objsubid;
    else
      target := format('ON %s %s', kind, case when kind = 'LARGE OBJECT' then o.objid::text else o.identity end);
      acl := case o.classid
        when 'pg_class'::regclass then (select relacl from pg_class where oid = o.objid)
        when 'pg_proc'::regclass then (select proacl from pg_proc where oid = o.objid)
        when 'pg_namespace'::regclass then (select nspacl from pg_namespace where oid = o.objid)
        when 'pg_type'::regclass then (select typacl from pg_type where oid = o.objid)
        when 'pg_language'::regclass then (select lanacl from pg_language where oid = o.objid)
        when 'pg_largeobject_metadata'::regclass then (select lomacl from pg_largeobject_metadata where oid = o.objid)
        when 'pg_foreign_data_wrapper'::regclass then (select fdwacl from pg_foreign_data_wrapper where oid = o.objid)
        when 'pg_foreign_server'::regclass then (select srvacl from pg_foreign_server where oid = o.objid)
      end;
    end if;
    for e in select * from aclexplode(acl) x where x.grantee = parent loop
      execute format('GRANT %s %s TO %I%s', e.privilege_type, target, child_name, case when e.is_grantable then ' WITH GRANT OPTION' else '' end);
    end loop;
    execute format('REVOKE ALL %s FROM %I, %I CASCADE', target, ${pg.escapeLiteral(parent)}, ${pg.escapeLiteral(parentReader)});
  end loop;

  -- Default privileges: the child's role gets the parent's, naming the child for the parent; the
  -- parent's are reset to Postgres' built-in ones (which removes them).
  for o in select * from pg_default_acl where defaclrole = parent loop
    kind := case o.defaclobjtype when 'r' then 'TABLES' when 'S' then 'SEQUENCES' when 'f' then 'FUNCTIONS'
      when 'T' then 'TYPES' when 'n' then 'SCHEMAS' when 'L' then 'LARGE OBJECTS' end;
    target := case when o.defaclnamespace = 0 then '' else format(' IN SCHEMA %I', (select nspname from pg_namespace where oid = o.defaclnamespace)) end;
    for e in select * from aclexplode(o.defaclacl) x where x.grantee <> reader and not (o.defaclnamespace = 0 and x.grantee = parent) loop
      execute format('ALTER DEFAULT PRIVILEGES FOR ROLE %I%s GRANT %s ON %s TO %s%s', child_name, target, e.privilege_type, kind,
        case when e.grantee = 0 then 'PUBLIC' when e.grantee = parent then quote_ident(child_name) else e.grantee::regrole::text end,
        case when e.is_grantable then ' WITH GRANT OPTION' else '' end);
    end loop;
    for e in select distinct x.grantee from aclexplode(o.defaclacl) x where not (o.defaclnamespace = 0 and x.grantee = parent) loop
      execute format('ALTER DEFAULT PRIVILEGES FOR ROLE %I%s REVOKE ALL ON %s FROM %s', ${pg.escapeLiteral(parent)}, target, kind,
        case when e.grantee = 0 then 'PUBLIC' else e.grantee::regrole::text end);
    end loop;
    if o.defaclnamespace = 0 then
      -- What PUBLIC gets by default and the parent's row took away, the child's takes away too.
      if kind in ('FUNCTIONS', 'TYPES') and not exists (select 1 from aclexplode(o.defaclacl) x where x.grantee = 0) then
        execute format('ALTER DEFAULT PRIVILEGES FOR ROLE %I REVOKE ALL ON %s FROM PUBLIC', child_name, kind);
      end if;
      execute format('ALTER DEFAULT PRIVILEGES FOR ROLE %I GRANT ALL ON %s TO %I', ${pg.escapeLiteral(parent)}, kind, ${pg.escapeLiteral(parent)});
      if kind in ('FUNCTIONS', 'TYPES') then
        execute format('ALTER DEFAULT PRIVILEGES FOR ROLE %I GRANT ALL ON %s TO PUBLIC', ${pg.escapeLiteral(parent)}, kind);
      end if;
    end if;
  end loop;

  -- Row-level policies for the parent's roles apply to the child's role instead.
  for o in select p.polname, p.polrelid, p.polroles from pg_policy p where p.polroles && array[parent, reader] loop
    select string_agg(distinct case when r = 0 then 'PUBLIC' when r in (parent, reader) then quote_ident(child_name) else r::regrole::text end, ', ')
      into roles from unnest(o.polroles) r;
    execute format('ALTER POLICY %I ON %s TO %s', o.polname, o.polrelid::regclass, roles);
  end loop;
end`
  return `DO $handover$${body}$handover$`
}

/**
 * Empties the copy, as the child's own role (its URL), never as the admin: a trigger the
 * project planted runs with the rights of whoever fires it. In one transaction: every table the
 * role owns (not an extension's) is truncated with RESTART IDENTITY CASCADE, its TRUNCATE
 * triggers off for that statement only (so none runs, and none writes a row back), every
 * sequence restarts, materialized views are left unpopulated (as a schema-only copy has them:
 * REFRESH MATERIALIZED VIEW fills them), and its large objects are removed. Tables owned by other
 * roles (ones the parent's role created) keep their rows: this role cannot empty them.
 */
export async function emptyCopy(childUrl: string) {
  await inOneTransaction(await roleClient(childUrl), async (c) => void (await c.query(EMPTY_SQL)))
}

/** The relations of the role running it, outside the system schemas and extensions, of `kinds`. */
const owned = (kinds: string) => `
  select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relowner = me and c.relkind in (${kinds}) and c.relpersistence <> 't'
    and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
    and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`

const EMPTY_SQL = `DO $empty$
declare
  me oid := (select oid from pg_roles where rolname = current_user);
  tables text;
  t record;
  trigger_rels oid[];
  trigger_names name[];
  trigger_always boolean[];
begin
  select array_agg(g.tgrelid), array_agg(g.tgname), array_agg(g.tgenabled = 'A')
    into trigger_rels, trigger_names, trigger_always
    from pg_trigger g
    where g.tgrelid in (${owned("'r', 'p'")}) and not g.tgisinternal and g.tgenabled in ('O', 'A') and g.tgtype & 32 <> 0;
  for i in 1 .. coalesce(array_length(trigger_rels, 1), 0) loop
    execute format('ALTER TABLE %s DISABLE TRIGGER %I', trigger_rels[i]::regclass, trigger_names[i]);
  end loop;
  select string_agg(r.oid::regclass::text, ', ') into tables from (${owned("'r', 'p'")}) r;
  if tables is not null then
    execute 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
  end if;
  for i in 1 .. coalesce(array_length(trigger_rels, 1), 0) loop
    execute format('ALTER TABLE %s ENABLE %sTRIGGER %I', trigger_rels[i]::regclass, case when trigger_always[i] then 'ALWAYS ' else '' end, trigger_names[i]);
  end loop;
  for t in ${owned("'S'")} loop
    execute format('ALTER SEQUENCE %s RESTART', t.oid::regclass);
  end loop;
  for t in ${owned("'m'")} loop
    execute format('REFRESH MATERIALIZED VIEW %s WITH NO DATA', t.oid::regclass);
  end loop;
  perform lo_unlink(l.oid) from pg_largeobject_metadata l where l.lomowner = me;
end
$empty$`
