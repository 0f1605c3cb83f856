/**
 * The roles the data API runs as, the Supabase way: `anon`, `authenticated` and `service_role`
 * (NOLOGIN; `service_role` BYPASSRLS), server-wide names (what supabase-js apps and RLS policies
 * expect) shared by every project on the server, what they may do granted per database; and for
 * each project its own login `p_<ref>_api` (LOGIN NOINHERIT, a member of those three), which its
 * PostgREST and its storage connect as and switch from to the role of the request's JWT.
 *
 * One login per project, not one for the server: a project's SQL runs inside those sessions (its
 * functions, triggers and policies), and `RESET ROLE` takes it back to the login, which may change
 * its own password. It is then that project's login only: CONNECT on its own database, a bounded
 * number of sessions, the project's own data API to break. (A shared login was every project's.)
 *
 * Made and granted by the server's admin, idempotently, before PostgREST starts; a login of that
 * name another role is a member of is not taken over. Its password is derived from the platform's
 * secret and the ref: only the platform knows it, every app instance the same, and it is set again
 * at every start.
 */
import { createHmac } from 'node:crypto'
import pg from 'pg'
import type { Platform } from '../kernel/platform'
import { assertNoOtherMembers, ownerRoleOf, readOnlyRoleOf } from '../databases/server-lifecycle'
import { apiLoginOf } from '../databases/role-names'
import { grantReservedConnections } from '../databases/reserved-connections'
import { withProjectAdmin } from '../databases/project-admin'
import type { ProjectApiSettings } from './settings-type'
import { installPreRequest, setDefaultTimeouts } from './request-limits'
import { AUTHENTICATOR, DATA_API_ROLES as API_ROLES } from '../databases/reserved-roles'

export { API_ROLES }

/** Sessions one project's data API login may hold: its PostgREST's pool and its storage pool, per app instance, with room. */
const LOGIN_CONNECTION_LIMIT = 40

const loginPassword = (platform: Platform, ref: string) => createHmac('sha256', platform.jwtSecret).update(`data-api login ${ref}`).digest('base64url')

/** The project's data API login: its name and password. */
export type ApiLogin = { user: string; password: string }

/** One set-up of the server-wide roles at a time (CREATE ROLE and GRANT race otherwise). */
const LOCK = `select pg_advisory_lock(hashtext('supaboard.data-api.roles'))`
const UNLOCK = `select pg_advisory_unlock(hashtext('supaboard.data-api.roles'))`

/**
 * A project's role may create roles (CREATEROLE) and holds ADMIN on what it creates: a role of
 * these names it made first would let it into every project's data API. Refused: the platform
 * does not take over a role another role is a member of (the authenticator's own memberships and
 * superusers aside).
 */
async function assertOwnRoles(client: pg.Client) {
  const { rows } = await client.query<{ role: string; member: string }>(
    `select t.rolname as role, r.rolname as member from pg_catalog.pg_auth_members m
     join pg_catalog.pg_roles t on t.oid = m.roleid join pg_catalog.pg_roles r on r.oid = m.member
     where t.rolname = any($1::text[]) and not r.rolsuper and r.rolname <> current_user
       and m.grantor <> (select oid from pg_catalog.pg_roles where rolname = current_user)`,
    [[AUTHENTICATOR, ...API_ROLES]]
  )
  if (rows.length)
    throw new Error(`role ${rows[0].role} already exists and ${rows[0].member} is a member of it: the platform does not take over a role it did not make; drop that role, then try again`)
}

async function ensureServerRoles(client: pg.Client) {
  await client.query(LOCK)
  try {
    await assertOwnRoles(client)
    const existing = new Set((await client.query<{ rolname: string }>('select rolname from pg_roles where rolname = any($1::text[])', [[AUTHENTICATOR, ...API_ROLES]])).rows.map((r) => r.rolname))
    for (const role of API_ROLES) {
      const attrs = `NOLOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION ${role === 'service_role' ? 'BYPASSRLS' : 'NOBYPASSRLS'}`
      await client.query(`${existing.has(role) ? 'ALTER' : 'CREATE'} ROLE ${role} WITH ${attrs}`)
    }
    // The one login every project's data API once shared: kept as a reserved name, logging in no more.
    if (existing.has(AUTHENTICATOR)) await client.query(`ALTER ROLE ${AUTHENTICATOR} WITH NOLOGIN PASSWORD NULL`)
    await setDefaultTimeouts(client)
  } finally {
    await client.query(UNLOCK).catch(() => undefined)
  }
}

/** The project's login, made or repaired: a member of the API roles, CONNECT on its database only. */
async function ensureProjectLogin(client: pg.Client, ref: string, password: string): Promise<ApiLogin> {
  const user = apiLoginOf(ref)
  const database = ownerRoleOf(ref)
  const ident = pg.escapeIdentifier(user)
  await client.query(LOCK)
  try {
    const exists = (await client.query('select 1 from pg_catalog.pg_roles where rolname = $1', [user])).rowCount
    // The project's role may have made a role of this name first (CREATEROLE): not taken over.
    if (exists) await assertNoOtherMembers(client as unknown as pg.Pool, user)
    const attrs = `LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${LOGIN_CONNECTION_LIMIT} PASSWORD ${pg.escapeLiteral(password)}`
    await client.query(`${exists ? 'ALTER' : 'CREATE'} ROLE ${ident} WITH ${attrs}`)
    await client.query(`GRANT ${API_ROLES.join(', ')} TO ${ident}`)
    // Every project's data API keeps slots no project's own roles can take.
    await grantReservedConnections(client, user)
    // A backend whose PostgREST is gone (stopped, crashed) notices it within seconds, even in a
    // statement that sends nothing (a loop), and ends instead of spinning on.
    await client.query(`ALTER ROLE ${ident} SET client_connection_check_interval = '2s'`)
    await client.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(database)} TO ${ident}`)
    // What the shared login of earlier versions held here.
    await client.query(`REVOKE CONNECT ON DATABASE ${pg.escapeIdentifier(database)} FROM ${AUTHENTICATOR}`)
  } finally {
    await client.query(UNLOCK).catch(() => undefined)
  }
  return { user, password }
}

/**
 * In the project's database: USAGE on the exposed schemas, and default privileges so that what
 * the project's role creates in `public` is usable through the API as on Supabase (anon and
 * authenticated: read and write, row level security deciding; service_role: everything). The
 * first time, what already exists in `public` gets the same grants.
 */
async function ensureDatabaseGrants(client: pg.Client, owner: string, schemas: string[]) {
  const roles = API_ROLES.join(', ')
  const o = pg.escapeIdentifier(owner)
  const { rows } = await client.query(
    `select 1 from pg_default_acl d join pg_namespace n on n.oid = d.defaclnamespace join pg_roles r on r.oid = d.defaclrole
     where r.rolname = $1 and n.nspname = 'public' and d.defaclobjtype = 'r' and d.defaclacl::text like '%service_role=%'`,
    [owner]
  )
  const first = rows.length === 0
  for (const schema of schemas) await client.query(`GRANT USAGE ON SCHEMA ${pg.escapeIdentifier(schema)} TO ${roles}`)
  if (!first) return
  const publicSchemaExists = (await client.query(`select 1 from pg_namespace where nspname = 'public'`)).rowCount
  if (!publicSchemaExists) return
  await client.query(`GRANT USAGE ON SCHEMA public TO ${roles}`)
  const grants = [
    `GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO anon, authenticated`,
    `GRANT ALL ON TABLES TO service_role`,
    `GRANT USAGE, SELECT ON SEQUENCES TO ${roles}`,
    `GRANT EXECUTE ON FUNCTIONS TO ${roles}`,
  ]
  for (const grant of grants) {
    await client.query(`ALTER DEFAULT PRIVILEGES FOR ROLE ${o} IN SCHEMA public ${grant}`)
    await client.query(grant.replace(/ON (TABLES|SEQUENCES|FUNCTIONS)/, 'ON ALL $1 IN SCHEMA public'))
  }
}

/**
 * The server-wide roles only, without CONNECT for the authenticator: what the project's auth
 * schema names in its grants (server/project-auth) before its data API ever runs.
 */
export async function ensureApiRolesExist(platform: Platform, project: { ref: string; region: string }): Promise<void> {
  await withProjectAdmin(platform, project, null, (client) => ensureServerRoles(client))
}

/** The server-wide roles and the project's data API login (what its storage logs in with too). */
export async function ensureApiLogin(platform: Platform, project: { ref: string; region: string }): Promise<ApiLogin> {
  return withProjectAdmin(platform, project, null, async (client) => {
    await ensureServerRoles(client)
    return ensureProjectLogin(client, project.ref, loginPassword(platform, project.ref))
  })
}

/**
 * Everything the project's PostgREST needs in place; answers its login and whether the project's
 * statement timeouts are set per request (request-limits.ts).
 */
export async function ensureDataApiRoles(
  platform: Platform,
  project: { ref: string; region: string },
  settings: Pick<ProjectApiSettings, 'schemas' | 'timeouts'>
): Promise<{ login: ApiLogin; preRequest: boolean }> {
  const database = ownerRoleOf(project.ref)
  const login = await ensureApiLogin(platform, project)
  const preRequest = await withProjectAdmin(platform, project, database, async (client) => {
    await ensureDatabaseGrants(client, ownerRoleOf(project.ref), settings.schemas)
    return installPreRequest(client, { ownerRole: database, readOnlyRole: readOnlyRoleOf(project.ref) }, settings.timeouts)
  })
  return { login, preRequest }
}
