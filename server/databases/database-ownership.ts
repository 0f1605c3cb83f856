/**
 * Who owns a project's database on a server the platform manages: the server's admin, never the
 * project's role. An owner may `ALTER DATABASE`: set any session default on it (which every session
 * there starts with, the platform's admin sessions and the data API's included), change or zero
 * its connection limit (raising what its compute size set, or locking itself out for good), rename
 * it. So the platform keeps the database and gives the project's role what it uses of it: CONNECT,
 * CREATE (schemas, trusted extensions, publications) and TEMPORARY, each with GRANT OPTION (for
 * the login roles it creates), and the `public` schema, which PostgreSQL 15 and later give to
 * whoever owns the database.
 *
 * A database an earlier version gave its role is taken back the same way (`holdLegacyDatabases`,
 * once per server and process), and the session defaults its role set on it are removed, but for
 * the platform's own (`PLATFORM_DATABASE_SETTINGS`).
 */
import pg from 'pg'
import { onProjectDatabase } from './admin-session'
import { assertName } from './role-names'
import { revokeReservedConnections } from './reserved-connections'

/** Session defaults the platform itself sets on a project's database; any other one there was the project's. */
export const PLATFORM_DATABASE_SETTINGS = ['temp_file_limit', 'work_mem', 'maintenance_work_mem', 'effective_cache_size', 'default_transaction_read_only'] as const

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.Client, 'query'>

const ident = pg.escapeIdentifier

/**
 * The admin owns `database`; `role` (the project's) may connect, create and use temporary tables,
 * and owns `public` when nobody but the database's owner did. The database's own session defaults
 * that are not the platform's are removed. Idempotent. `admin` is a session on the server's
 * maintenance database; the schema is changed from a session inside the database.
 *
 * `connect: false` holds a database in read-only mode (server/projects/read-only-mode.ts): the
 * role gets everything but CONNECT, and loses a CONNECT it had (with what it granted of it).
 */
export async function holdDatabase(admin: Queryable, adminUrl: string, database: string, role: string, { connect = true } = {}) {
  assertName(database)
  assertName(role)
  await admin.query(`ALTER DATABASE ${ident(database)} OWNER TO CURRENT_USER`)
  await admin.query(`REVOKE ALL ON DATABASE ${ident(database)} FROM PUBLIC`)
  await admin.query(`GRANT ${connect ? 'CONNECT, ' : ''}CREATE, TEMPORARY ON DATABASE ${ident(database)} TO ${ident(role)} WITH GRANT OPTION`)
  if (!connect) await admin.query(`REVOKE CONNECT ON DATABASE ${ident(database)} FROM ${ident(role)} CASCADE`)
  await resetProjectSettings(admin, database)
  await revokeReservedConnections(admin, role)
  // pg_database_owner (oid 6171) owns `public` in a database made by PostgreSQL 15 or later: now
  // that is the admin, so the schema goes to the project's role. A `public` its role gave to
  // another of its roles stays theirs; on older servers the bootstrap superuser owns it.
  await onProjectDatabase(
    adminUrl,
    database,
    `DO $hold$ begin
       if exists (select 1 from pg_catalog.pg_namespace where nspname = 'public' and nspowner in (6171, 10)) then
         execute ${pg.escapeLiteral(`ALTER SCHEMA public OWNER TO ${ident(role)}`)};
       end if;
     end $hold$`
  )
}

/** Removes the session defaults on `database` that the platform did not set (ALTER DATABASE … RESET). */
async function resetProjectSettings(admin: Queryable, database: string) {
  const { rows } = await admin.query<{ name: string; value: string }>(
    `select pg_catalog.split_part(c, '=', 1) as name, pg_catalog.substr(c, pg_catalog.strpos(c, '=') + 1) as value
     from pg_catalog.pg_db_role_setting s join pg_catalog.pg_database d on d.oid = s.setdatabase,
       pg_catalog.unnest(s.setconfig) c
     where d.datname = $1 and s.setrole = 0`,
    [database]
  )
  for (const { name, value } of rows) {
    const platforms = (PLATFORM_DATABASE_SETTINGS as readonly string[]).includes(name.toLowerCase())
    // The platform sets read-only mode on, never off: an `off` there was the project's.
    if (platforms && !(name.toLowerCase() === 'default_transaction_read_only' && value !== 'on')) continue
    await admin.query(`ALTER DATABASE ${ident(database)} RESET ${ident(name)}`)
  }
}

/**
 * Every project database on this server still owned by its own role (made by an earlier version),
 * or only `only`: the platform takes it back (holdDatabase). A database closed to connections
 * (a paused project) waits for its resume. Answers the names taken back.
 */
export async function holdLegacyDatabases(admin: Queryable, adminUrl: string, only?: string): Promise<string[]> {
  const { rows } = await admin.query<{ name: string }>(
    `select d.datname as name from pg_catalog.pg_database d join pg_catalog.pg_roles r on r.oid = d.datdba
     where r.rolname = d.datname and pg_catalog.starts_with(d.datname, 'p_') and d.datallowconn and not r.rolsuper
       and ($1::text is null or d.datname = $1)
     order by 1`,
    [only ?? null]
  )
  const held: string[] = []
  for (const { name } of rows) {
    try {
      await holdDatabase(admin, adminUrl, name, name)
      held.push(name)
    } catch (e) {
      console.warn(`[project-db] could not take back the ownership of database ${name}: ${(e as Error).message}`)
    }
  }
  return held
}
