/**
 * What the platform does to a project's database on a PostgreSQL server besides running SQL, as
 * the server's admin: the read-only role, pause (no logins, no connections), restore, restart
 * (connections ended), drop, and a preview branch's schema (pg_dump --schema-only).
 *
 * Names: database and owner role `p_<ref>`, read-only role `p_<ref>_ro`.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

export const ownerRoleOf = (ref: string) => `p_${ref}`
export const readOnlyRoleOf = (ref: string) => `p_${ref}_ro`

function assertName(name: string) {
  // Postgres cuts identifiers at 63 bytes: two projects must never share a cut name.
  if (!/^p_[a-z0-9][a-z0-9_-]*$/.test(name) || name.length > 63) throw new Error(`invalid project role name: ${name}`)
}

/** Runs one statement as the admin on the project's own database (schema-level set-up). */
async function onProjectDatabase(adminUrl: string, database: string, sql: string) {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query(sql)
  } finally {
    await client.end().catch(() => undefined)
  }
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
  await admin.query(
    exists.rowCount
      ? `ALTER ROLE ${ident} WITH LOGIN INHERIT PASSWORD ${pg.escapeLiteral(password)}`
      : `CREATE ROLE ${ident} WITH LOGIN INHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`
  )
  await admin.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${ident}`)
  await admin.query(`ALTER ROLE ${ident} SET default_transaction_read_only = on`)
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

/** DROP DATABASE (its connections ended) and both roles; nothing left is fine (a retry). */
export async function dropDatabase(admin: pg.Pool, ref: string) {
  const database = ownerRoleOf(ref)
  assertName(database)
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database])
  if (exists.rowCount) {
    await admin.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS false`)
    await admin.query(`DROP DATABASE ${pg.escapeIdentifier(database)} WITH (FORCE)`)
  }
  await admin.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(readOnlyRoleOf(ref))}`)
  await admin.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(database)}`)
}

/** The newest pg_dump installed (Debian layout), else the one on PATH. */
function pgDumpBinary(): string {
  const base = '/usr/lib/postgresql'
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_dump')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions.length) return path.join(base, versions[0], 'bin', 'pg_dump')
  }
  return 'pg_dump'
}

/**
 * The parent's schema as SQL, dumped as the parent's own role: no rows, no owners, no grants
 * (they name the parent's roles). psql meta-commands (`\restrict` …) are left out: the SQL is run
 * as one batch by the platform, not by psql.
 */
export async function dumpSchema(parentUrl: string): Promise<string> {
  const { stdout } = await run(
    pgDumpBinary(),
    ['--schema-only', '--no-owner', '--no-privileges', '--no-publications', '--no-subscriptions', '--dbname', parentUrl],
    { maxBuffer: 256 * 1024 * 1024, timeout: 5 * 60_000, env: { ...process.env, PGCONNECT_TIMEOUT: '10' } }
  )
  return stdout
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
}
