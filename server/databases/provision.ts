/**
 * Provisioning a project on a server, as its admin: login role and database `p_<ref>` (CONNECT
 * revoked from PUBLIC, temp_file_limit and the connection limit set), and its read-only role; a
 * preview branch's database as an emptied copy of its parent's, a backup's clone as a full copy.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { asAdmin, classify } from './classify'
import type { ServerPools } from './pools'
import { secureServer, type SecuredServers } from './secure-server'
import { adoptCopy, copyDatabase, emptyCopy } from './database-copies'
import { holdDatabase } from './database-ownership'
import { ensureServiceRole } from './service-role'
import { serviceRoleOf } from './role-names'
import { assertNoOtherMembers, closePublicSchema, ensureReadOnlyRole } from './server-lifecycle'
import { revokeReservedConnections } from './reserved-connections'
import type { CloneSource } from './types'

/** A project's connection strings: its own role's, its read-only role's, and the platform's login as its role (service-role.ts). */
export type ServerProjectUrls = { url: string; readOnlyUrl: string; serviceUrl: string }

export type ProvisionContext = {
  pools: ServerPools
  secured: SecuredServers
  tempFileLimit: string
  /** Sessions the project's own role may hold at once (PROJECT_CONNECTION_LIMIT; -1 for none). */
  connectionLimit: number
}

/**
 * Creates (or, on a retry, repairs) role and database p_<ref> and the read-only role; answers
 * both roles' URLs. A branch (`schemaFrom`: its parent's owner URL, on this same server) gets a
 * copy of the parent's database made anew on every attempt (a half-made one is dropped first):
 * making it ends the parent's open sessions and refuses new ones until the copy is there
 * (copyDatabase); the copy is made the branch's own (adoptCopy) and emptied by the branch's own
 * role (emptyCopy).
 */
export async function provisionProject(
  context: ProvisionContext,
  adminUrl: string,
  ref: string,
  { schemaFrom, cloneFrom }: { schemaFrom?: string; cloneFrom?: CloneSource } = {}
): Promise<ServerProjectUrls> {
  if (cloneFrom) {
    // A backup's clone: a copy of the backup's database (closed, nobody connected), made the
    // new project's own, rows and all.
    const url = await provisionOwner(context, adminUrl, ref, cloneFrom.database)
    try {
      await adoptCopy(adminUrl, cloneFrom.ownerRole, `p_${ref}`)
    } catch (e) {
      throw classify(e)
    }
    return { url, readOnlyUrl: await ensureReadOnly(context, adminUrl, ref, url), serviceUrl: await ensureService(context, adminUrl, ref) }
  }
  const parent = schemaFrom === undefined ? undefined : decodeURIComponent(new URL(schemaFrom).pathname.slice(1))
  // This process's connections to the parent go first, so that ending them is no surprise to them.
  if (parent !== undefined) await context.pools.close(context.pools.urlsTo(schemaFrom!, parent))
  const url = await provisionOwner(context, adminUrl, ref, parent)
  if (parent !== undefined) {
    try {
      await adoptCopy(adminUrl, parent, `p_${ref}`)
      await emptyCopy(url)
    } catch (e) {
      throw classify(e)
    }
  }
  const readOnlyUrl = await ensureReadOnly(context, adminUrl, ref, url)
  return { url, readOnlyUrl, serviceUrl: await ensureService(context, adminUrl, ref) }
}

/** The service role `p_<ref>_svc` (made or repaired); answers its URL. */
export function ensureService(context: ProvisionContext, adminUrl: string, ref: string): Promise<string> {
  return asAdmin(context.pools, adminUrl, (admin) => ensureServiceRole(admin, adminUrl, ref, context.tempFileLimit))
}

/** The read-only role `p_<ref>_ro` (made or repaired); answers its URL. */
export function ensureReadOnly(context: ProvisionContext, adminUrl: string, ref: string, ownerUrl: string): Promise<string> {
  return asAdmin(context.pools, adminUrl, (admin) => ensureReadOnlyRole(admin, adminUrl, ref, ownerUrl, context.tempFileLimit))
}

/**
 * Role and database p_<ref>; with `template` (a branch's parent database) the database is a copy
 * of that one, and a half-made one of an earlier attempt is dropped first.
 */
async function provisionOwner(context: ProvisionContext, adminUrl: string, ref: string, template?: string): Promise<string> {
  const { pools, tempFileLimit, connectionLimit } = context
  if (!/^[a-z0-9][a-z0-9_-]{0,60}$/.test(ref)) throw new Error(`invalid project ref: ${ref}`)
  const name = `p_${ref}`
  const ident = pg.escapeIdentifier(name)
  // Only base64url characters: safe inside a literal and inside a URL.
  const password = randomBytes(24).toString('base64url')
  const admin = pools.admin(adminUrl)
  try {
    await secureServer(context.secured, pools, adminUrl)
    const { rows: server } = await admin.query<{ num: number; su: boolean }>(
      `select current_setting('server_version_num')::int as num, (select rolsuper from pg_roles where rolname = current_user) as su`
    )
    // Before PostgreSQL 16, CREATEROLE could alter every non-superuser role on the server,
    // other projects' included: only 16 and later scope it to the roles one created.
    const createRole = server[0].num >= 160000 ? 'CREATEROLE' : 'NOCREATEROLE'
    const role = await admin.query('select 1 from pg_roles where rolname = $1', [name])
    // Its service role is a member (the platform's grant, service-role.ts).
    if (role.rowCount) await assertNoOtherMembers(admin, name, [serviceRoleOf(ref)])
    // The password is new on every call: a retry after a half-done provision still returns a
    // working URL.
    await admin.query(
      role.rowCount
        ? `ALTER ROLE ${ident} WITH LOGIN ${createRole} CONNECTION LIMIT ${connectionLimit} PASSWORD ${pg.escapeLiteral(password)}`
        : `CREATE ROLE ${ident} WITH LOGIN NOSUPERUSER NOCREATEDB ${createRole} NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${connectionLimit} PASSWORD ${pg.escapeLiteral(password)}`
    )
    await revokeReservedConnections(admin, name)
    // As hosted projects have it: what the platform puts in `extensions` is found unqualified.
    if (!role.rowCount) await admin.query(`ALTER ROLE ${ident} SET search_path = "$user", public, extensions`)
    if (template !== undefined) await admin.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`)
    const db = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (!db.rowCount) {
      // A non-superuser admin (CREATEROLE + CREATEDB) acts on the role's objects (DROP OWNED,
      // REASSIGN OWNED) as a member of it.
      if (!server[0].su) await admin.query(`GRANT ${ident} TO CURRENT_USER`)
      // Made closed: a new database grants CONNECT to PUBLIC, so until that is revoked any login
      // role on the server (every other project's) could get in, and a copy holds data already.
      // The admin's, not the project's role's (database-ownership.ts).
      if (template !== undefined) await copyDatabase(adminUrl, template, name)
      else await admin.query(`CREATE DATABASE ${ident} ALLOW_CONNECTIONS false`)
    }
    await admin.query(`REVOKE ALL ON DATABASE ${ident} FROM PUBLIC`)
    // Every role of the project together (the ones it creates too, which have no limit of their
    // own) and the platform's sessions as its roles; the compute size's limits replace it later.
    await admin.query(`ALTER DATABASE ${ident} CONNECTION LIMIT ${connectionLimit}`)
    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS true`)
    await holdDatabase(admin, adminUrl, name, name)
    await closePublicSchema(adminUrl, ref).catch((e) =>
      console.warn(`[project-db] could not revoke CREATE on public in ${name}: ${(e as Error).message}`)
    )
    // temp_file_limit can only be set by a superuser (or with GRANT SET): say so, don't fail.
    // On the role, and on the database for every role the project creates (CREATEROLE) and
    // logs in with: the database's owner cannot reset a superuser's setting there.
    for (const target of [`ROLE ${ident}`, `DATABASE ${ident}`])
      await admin
        .query(`ALTER ${target} SET temp_file_limit = ${pg.escapeLiteral(tempFileLimit)}`)
        .catch((e) => console.warn(`[project-db] could not bound temp_file_limit for ${name}: ${(e as Error).message}`))
  } catch (e) {
    throw classify(e)
  }
  const url = new URL(adminUrl)
  url.username = name
  url.password = password
  url.pathname = `/${name}`
  return url.toString()
}
