/**
 * What the platform does to a project's database on a PostgreSQL server besides running SQL, as
 * the server's admin: the read-only role, pause (no logins, no connections), restore, restart
 * (connections ended), drop, and a preview branch's database (a template copy of its parent's,
 * made the branch's own and emptied).
 *
 * Names: database and owner role `p_<ref>`, read-only role `p_<ref>_ro`.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'

export const ownerRoleOf = (ref: string) => `p_${ref}`
export const readOnlyRoleOf = (ref: string) => `p_${ref}_ro`

function assertName(name: string) {
  // Postgres cuts identifiers at 63 bytes: two projects must never share a cut name.
  if (!/^p_[a-z0-9][a-z0-9_-]*$/.test(name) || name.length > 63) throw new Error(`invalid project role name: ${name}`)
}

/** A client of the admin's on a project's own database, connected; the caller ends it. */
async function adminOn(adminUrl: string, database: string): Promise<pg.Client> {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (e) {
    await client.end().catch(() => undefined)
    throw e
  }
  return client
}

/** Runs one statement as the admin on the project's own database (schema-level set-up). */
async function onProjectDatabase(adminUrl: string, database: string, sql: string) {
  const client = await adminOn(adminUrl, database)
  try {
    await client.query(sql)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * A role of the platform's name that already exists is taken over (ALTER ROLE, grants) only when
 * no other role is a member of it: a project's role may create any name (CREATEROLE) and then
 * holds ADMIN on it, so what the platform grants that role (pg_read_all_data) would be its own.
 * The admin itself (a member of what it created, when it is not a superuser) and superusers count
 * as the platform.
 */
export async function assertNoOtherMembers(admin: pg.Pool, name: string) {
  const { rows } = await admin.query<{ member: string }>(
    `select r.rolname as member from pg_catalog.pg_auth_members m
     join pg_catalog.pg_roles t on t.oid = m.roleid join pg_catalog.pg_roles r on r.oid = m.member
     where t.rolname = $1 and not r.rolsuper and r.rolname <> current_user`,
    [name]
  )
  if (rows.length)
    throw new Error(`role ${name} already exists and ${rows[0].member} is a member of it: the platform does not take over a role it did not make; drop that role, then try again`)
}

/**
 * The read-only login role: CONNECT on the project's database only, and pg_read_all_data (every
 * table, view and sequence, row-level security still applies). It owns nothing, is no member of
 * the owner role (no SET ROLE to it), may not create temporary tables (TEMPORARY is revoked from
 * PUBLIC there) nor anything in `public`. Its sessions also default to read-only transactions, a
 * second fence only: the privileges are what keep it from writing. A new password on every call
 * (a retry returns a working URL). Answers the role's URL.
 */
export async function ensureReadOnlyRole(admin: pg.Pool, adminUrl: string, ref: string, ownerUrl: string, tempFileLimit: string): Promise<string> {
  const database = ownerRoleOf(ref)
  const name = readOnlyRoleOf(ref)
  assertName(name)
  const ident = pg.escapeIdentifier(name)
  const password = randomBytes(24).toString('base64url')
  const exists = await admin.query('select 1 from pg_roles where rolname = $1', [name])
  if (exists.rowCount) await assertNoOtherMembers(admin, name)
  await admin.query(
    exists.rowCount
      ? `ALTER ROLE ${ident} WITH LOGIN INHERIT PASSWORD ${pg.escapeLiteral(password)}`
      : `CREATE ROLE ${ident} WITH LOGIN INHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`
  )
  await admin.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${ident}`)
  await admin.query(`ALTER ROLE ${ident} SET default_transaction_read_only = on`)
  await grantReservedConnections(admin, name)
  await admin
    .query(`ALTER ROLE ${ident} SET temp_file_limit = ${pg.escapeLiteral(tempFileLimit)}`)
    .catch((e) => console.warn(`[project-db] could not bound temp_file_limit for ${name}: ${(e as Error).message}`))
  try {
    await admin.query(`GRANT pg_read_all_data TO ${ident}`)
  } catch (e) {
    // An admin without ADMIN on pg_read_all_data: the owner grants reading on `public` instead,
    // now and for tables it makes later.
    console.warn(`[project-db] pg_read_all_data not grantable (${(e as Error).message}); granting SELECT on public instead`)
    const owner = new pg.Client({ connectionString: ownerUrl, connectionTimeoutMillis: 10_000 })
    owner.on('error', () => undefined)
    try {
      await owner.connect()
      await owner.query(
        `GRANT USAGE ON SCHEMA public TO ${ident}; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${ident};
         GRANT SELECT ON ALL SEQUENCES IN SCHEMA public TO ${ident};
         ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO ${ident};
         ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON SEQUENCES TO ${ident}`
      )
    } finally {
      await owner.end().catch(() => undefined)
    }
  }
  const url = new URL(adminUrl)
  url.username = name
  url.password = password
  url.pathname = `/${database}`
  return url.toString()
}

/**
 * On a server that reserves connection slots (reserved_connections, PostgreSQL 16 and later: the
 * platform's own server does), the platform's project roles may use them; the roles a project
 * creates, which have no connection limit, may not, so they cannot take every slot of the server.
 * The project's role cannot pass this on (it holds no ADMIN on it).
 */
export async function grantReservedConnections(admin: pg.Pool, role: string) {
  const { rows } = await admin.query<{ n: number }>(`select coalesce(nullif(current_setting('reserved_connections', true), ''), '0')::int as n`)
  if (!rows[0] || rows[0].n <= 0) return
  await admin
    .query(`GRANT pg_use_reserved_connections TO ${pg.escapeIdentifier(role)}`)
    .catch((e) => console.warn(`[project-db] could not let ${role} use the server's reserved connections: ${(e as Error).message}`))
}

/** Before PostgreSQL 15 every role may create in `public`: not the read-only role (nor anyone else but the owner). */
export async function closePublicSchema(adminUrl: string, ref: string) {
  await onProjectDatabase(adminUrl, ownerRoleOf(ref), 'REVOKE CREATE ON SCHEMA public FROM PUBLIC')
}

async function rolesOf(admin: pg.Pool, ref: string): Promise<string[]> {
  const names = [ownerRoleOf(ref), readOnlyRoleOf(ref)]
  const { rows } = await admin.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1)', [names])
  return rows.map((r) => r.rolname)
}

async function terminateConnections(admin: pg.Pool, database: string) {
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
}

/** Pause: no new connection (database closed to connections, roles may not log in), open ones ended. */
export async function suspendDatabase(admin: pg.Pool, ref: string) {
  const database = ownerRoleOf(ref)
  await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS false`)
  for (const role of await rolesOf(admin, ref)) await admin.query(`ALTER ROLE ${pg.escapeIdentifier(role)} NOLOGIN`)
  await terminateConnections(admin, database)
}

export async function resumeDatabase(admin: pg.Pool, ref: string) {
  const database = ownerRoleOf(ref)
  for (const role of await rolesOf(admin, ref)) await admin.query(`ALTER ROLE ${pg.escapeIdentifier(role)} LOGIN`)
  await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS true`)
}

export async function restartDatabase(admin: pg.Pool, ref: string) {
  await terminateConnections(admin, ownerRoleOf(ref))
}

/**
 * The project's two roles and every role they created, however deep, that the admin may drop:
 * what the project made goes with it, and none of its logins outlives it. On PostgreSQL 16 and
 * later a CREATEROLE role holds ADMIN on each role it creates, granted by the bootstrap superuser
 * (oid 10); ADMIN granted by anyone else (another project handing over one of its own roles) does
 * not make a role this project's.
 */
async function rolesToDrop(admin: pg.Pool, ref: string): Promise<string[]> {
  const { rows } = await admin.query<{ name: string }>(
    `with recursive made(oid) as (
       select oid from pg_catalog.pg_roles where rolname = any($1)
       union
       select m.roleid from pg_catalog.pg_auth_members m join made on m.member = made.oid where m.admin_option and m.grantor = 10
     )
     select r.rolname as name from made join pg_catalog.pg_roles r on r.oid = made.oid
     where not r.rolsuper and r.oid >= 16384 and r.rolname <> current_user
       and (r.rolname = any($1) or pg_catalog.pg_has_role(current_user, r.oid, 'USAGE WITH ADMIN OPTION'))`,
    [[ownerRoleOf(ref), readOnlyRoleOf(ref)]]
  )
  return rows.map((r) => r.name)
}

/**
 * Any database's owner may grant privileges to any role it sees, so other projects' databases
 * can name this project's roles, which DROP ROLE then refuses: DROP OWNED in each of them revokes
 * those grants (and drops whatever these roles own there). As the admin's own role, whatever that
 * database's owner set for sessions; a database closed to connections is opened for it only.
 */
async function releaseRoles(admin: pg.Pool, adminUrl: string, roles: string[]) {
  const names = roles.map((r) => pg.escapeIdentifier(r)).join(', ')
  const { rows } = await admin.query<{ datname: string; open: boolean }>(
    `select distinct d.datname, d.datallowconn as open from pg_catalog.pg_shdepend s join pg_catalog.pg_database d on d.oid = s.dbid
     where s.refclassid = 'pg_catalog.pg_authid'::pg_catalog.regclass and s.refobjid in (select oid from pg_catalog.pg_roles where rolname = any($1))`,
    [roles]
  )
  const warn = (where: string, e: unknown) =>
    // DROP ROLE afterwards says what still holds them (an admin that is no superuser may lack the rights).
    console.warn(`[project-db] could not revoke what ${where} grants to ${roles.join(', ')}: ${(e as Error).message}`)
  // Privileges on databases (shared objects) are revoked from any database: the admin's own.
  await admin.query(`DROP OWNED BY ${names}`).catch((e) => warn('the server', e))
  for (const { datname, open } of rows) {
    const database = pg.escapeIdentifier(datname)
    const url = new URL(adminUrl)
    url.pathname = `/${encodeURIComponent(datname)}`
    // Startup options outrank the database's own settings (ALTER DATABASE … SET by its owner).
    const client = new pg.Client({
      connectionString: url.toString(),
      connectionTimeoutMillis: 10_000,
      options: '-c local_preload_libraries= -c default_transaction_read_only=off -c statement_timeout=60000 -c lock_timeout=10000',
    })
    client.on('error', () => undefined)
    let opened = false
    try {
      if (!open) {
        await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`)
        opened = true
      }
      await client.connect()
      await client.query('SET ROLE NONE; SET search_path = pg_catalog, pg_temp')
      await client.query(`DROP OWNED BY ${names}`)
    } catch (e) {
      warn(datname, e)
    } finally {
      await client.end().catch(() => undefined)
      if (opened) await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`)
    }
  }
}

/**
 * DROP DATABASE (its connections ended), then the project's roles and those it created, in one
 * DROP ROLE (so memberships among them hold none back); nothing left is fine (a retry).
 */
export async function dropDatabase(admin: pg.Pool, adminUrl: string, ref: string) {
  const database = ownerRoleOf(ref)
  assertName(database)
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database])
  if (exists.rowCount) {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS false`)
    await admin.query(`DROP DATABASE ${pg.escapeIdentifier(database)} WITH (FORCE)`)
  }
  const roles = await rolesToDrop(admin, ref)
  if (!roles.length) return
  await releaseRoles(admin, adminUrl, roles)
  await admin.query(`DROP ROLE IF EXISTS ${roles.map((r) => pg.escapeIdentifier(r)).join(', ')}`)
}

// ---------------------------------------------------------------------------------------------
// Preview branches: a template copy of the parent's database on the same server (no client
// tools, any server version), made the branch's own, then emptied by the branch's own role.

/** One branch at a time per parent, across app instances: each restores what it found. */
const COPY_LOCK = 'preview-branch-copy:'

/**
 * CREATE DATABASE `child` TEMPLATE `parent` (owner `child`). The copy needs nobody connected to
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
  // A connection of its own, not the admin pool's: the copy (and the wait for another branch of
  // the same parent) may take long. One session throughout: the advisory lock is this session's.
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select pg_advisory_lock(hashtext($1))', [COPY_LOCK + parent])
    const { rows } = await client.query<{ open: boolean }>('select datallowconn as open from pg_database where datname = $1', [parent])
    if (!rows[0]) throw new Error(`the parent database ${parent} does not exist on this server`)
    try {
      if (rows[0].open) await client.query(`ALTER DATABASE ${from} ALLOW_CONNECTIONS false`)
      await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [parent])
      // Postgres waits a few seconds for ended sessions to go.
      // Closed until the caller has revoked PUBLIC's CONNECT on it: it holds the parent's data.
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(child)} TEMPLATE ${from} OWNER ${pg.escapeIdentifier(child)} ALLOW_CONNECTIONS false`)
    } finally {
      // Also when this session was lost: the parent must not stay closed.
      if (rows[0].open) await client.query(`ALTER DATABASE ${from} ALLOW_CONNECTIONS true`).catch(() => reopen(adminUrl, from))
    }
  } finally {
    // Ending the session releases the advisory lock.
    await client.end().catch(() => undefined)
  }
}

/** Allows connections to `database` (an escaped identifier) again, from a fresh session. */
async function reopen(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Everything of the parent's role in the copy becomes the child's, as the admin in the copy, in
 * one transaction: REASSIGN OWNED (which also hands over shared objects: the parent's database is
 * given back at once); privileges granted to the parent's role (by the platform: its extension
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
    await client.query(`REASSIGN OWNED BY ${pg.escapeIdentifier(parent)} TO ${pg.escapeIdentifier(child)}`)
    await client.query(`ALTER DATABASE ${pg.escapeIdentifier(parent)} OWNER TO ${pg.escapeIdentifier(parent)}`)
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
  const client = new pg.Client({ connectionString: childUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (e) {
    await client.end().catch(() => undefined)
    throw e
  }
  await inOneTransaction(client, async (c) => void (await c.query(EMPTY_SQL)))
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
