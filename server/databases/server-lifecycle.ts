/**
 * What the platform does to a project's database on a PostgreSQL server besides running SQL, as
 * the server's admin: the read-only role, pause (no logins, no connections), restore, restart
 * (connections ended), drop. Copies of a database (branches, clones) are database-copies.ts.
 *
 * Names: database and owner role `p_<ref>`, read-only role `p_<ref>_ro`.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { adminClient, onProjectDatabase } from './admin-session'
import { roleClient } from './role-session'
import { holdLegacyDatabases } from './database-ownership'
import { grantReservedConnections } from './reserved-connections'
import { apiLoginOf, assertName, ownerRoleOf, readOnlyRoleOf, serviceRoleOf } from './role-names'

export { ownerRoleOf, readOnlyRoleOf } from './role-names'

/**
 * A role of the platform's name that already exists is taken over (ALTER ROLE, grants) only when
 * no other role is a member of it: a project's role may create any name (CREATEROLE) and then
 * holds ADMIN on it, so what the platform grants that role (pg_read_all_data) would be its own.
 * The admin itself (a member of what it created, when it is not a superuser), superusers and
 * `platformMembers` (the project's service role, a member of its role) count as the platform.
 */
export async function assertNoOtherMembers(admin: pg.Pool, name: string, platformMembers: string[] = []) {
  const { rows } = await admin.query<{ member: string }>(
    `select r.rolname as member from pg_catalog.pg_auth_members m
     join pg_catalog.pg_roles t on t.oid = m.roleid join pg_catalog.pg_roles r on r.oid = m.member
     where t.rolname = $1 and not r.rolsuper and r.rolname <> current_user and r.rolname <> all ($2::text[])`,
    [name, platformMembers]
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
  await admin.query(`ALTER ROLE ${ident} SET search_path = "$user", public, extensions`)
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
    const owner = await roleClient(ownerUrl)
    try {
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

/** Before PostgreSQL 15 every role may create in `public`: not the read-only role (nor anyone else but the owner). */
export async function closePublicSchema(adminUrl: string, ref: string) {
  await onProjectDatabase(adminUrl, ownerRoleOf(ref), 'REVOKE CREATE ON SCHEMA public FROM PUBLIC')
}

async function rolesOf(admin: pg.Pool, ref: string): Promise<string[]> {
  const names = [ownerRoleOf(ref), readOnlyRoleOf(ref), serviceRoleOf(ref), apiLoginOf(ref)]
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

export async function resumeDatabase(admin: pg.Pool, adminUrl: string, ref: string) {
  const database = ownerRoleOf(ref)
  for (const role of await rolesOf(admin, ref)) await admin.query(`ALTER ROLE ${pg.escapeIdentifier(role)} LOGIN`)
  await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS true`)
  // Paused since before the platform kept project databases (closed, so not taken back then).
  await holdLegacyDatabases(admin, adminUrl, database)
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
    [[ownerRoleOf(ref), readOnlyRoleOf(ref), serviceRoleOf(ref), apiLoginOf(ref)]]
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
  // Privileges on databases (shared objects) are revoked from any database: the admin's own. A
  // project's role holds its database's privileges with GRANT OPTION (database-ownership.ts), and
  // what it granted a neighbour's role DROP OWNED leaves (it revokes only what the databases'
  // owner granted): revoked first as that grantor.
  const { rows: granted } = await admin.query<{ datname: string; grantor: string; grantee: string }>(
    `select d.datname, pg_catalog.pg_get_userbyid(a.grantor) as grantor, pg_catalog.pg_get_userbyid(a.grantee) as grantee
     from pg_catalog.pg_database d, pg_catalog.aclexplode(d.datacl) a
     where a.grantor <> d.datdba and a.grantee in (select oid from pg_catalog.pg_roles where rolname = any($1))`,
    [roles]
  )
  for (const { datname, grantor, grantee } of granted) {
    const as = `SET ROLE ${pg.escapeIdentifier(grantor)}; REVOKE ALL ON DATABASE ${pg.escapeIdentifier(datname)} FROM ${pg.escapeIdentifier(grantee)} CASCADE; RESET ROLE`
    await admin.query(as).catch(async (e) => {
      await admin.query('RESET ROLE').catch(() => undefined)
      warn(`database ${datname} (granted by ${grantor})`, e)
    })
  }
  await admin.query(`DROP OWNED BY ${names}`).catch((e) => warn('the server', e))
  for (const { datname, open } of rows) {
    const database = pg.escapeIdentifier(datname)
    let client: pg.Client | null = null
    let opened = false
    try {
      if (!open) {
        await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`)
        opened = true
      }
      // Pinned (admin-session.ts): whatever that database's owner set for sessions there.
      client = await adminClient(adminUrl, { database: datname, statementTimeoutMs: 60_000, lockTimeoutMs: 10_000 })
      await client.query(`DROP OWNED BY ${names}`)
    } catch (e) {
      warn(datname, e)
    } finally {
      await client?.end().catch(() => undefined)
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
