/**
 * The platform's own login as a project's role: `p_<ref>_svc`, a login role only the platform
 * knows the password of, a member of the project's role but inheriting nothing, whose sessions
 * start as that role (`role` in the startup packet, carried in its URL): what it does is the
 * project's role's doing, objects it makes are that role's. What it is for:
 * - the slots no project can take: it may use the server's reserved connections, which the
 *   project's own role, whose password its members have, may not (reserved-connections.ts);
 * - a project in read-only mode keeps its platform: the project's role loses CONNECT there
 *   (read-only mode holds whatever transaction a client asks for), this role keeps its own, so
 *   its health and size are measured, and the dashboard and the auth service read.
 * Made at provisioning (and on first use for a project made before it), dropped with the
 * project, closed with it on pause. A role of its name another role is a member of is not taken
 * over (the project's role could have made it first).
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { assertNoOtherMembers } from './server-lifecycle'
import { grantReservedConnections } from './reserved-connections'
import { assertName, ownerRoleOf, serviceRoleOf } from './role-names'

/** The startup setting that makes a session of the service role the project's role from its first statement. */
const roleOption = (ref: string) => `-c role=${ownerRoleOf(ref)}`

/** Makes (or repairs, with a new password) the service role; answers its URL, the role setting in it. */
export async function ensureServiceRole(admin: Pick<pg.Pool, 'query'>, adminUrl: string, ref: string, tempFileLimit: string): Promise<string> {
  const owner = ownerRoleOf(ref)
  const name = serviceRoleOf(ref)
  assertName(name)
  const ident = pg.escapeIdentifier(name)
  const password = randomBytes(24).toString('base64url')
  const exists = await admin.query('select 1 from pg_catalog.pg_roles where rolname = $1', [name])
  if (exists.rowCount) await assertNoOtherMembers(admin as pg.Pool, name)
  await admin.query(
    exists.rowCount
      ? `ALTER ROLE ${ident} WITH LOGIN NOINHERIT NOCREATEROLE NOCREATEDB NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`
      : `CREATE ROLE ${ident} WITH LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${pg.escapeLiteral(password)}`
  )
  await admin.query(`GRANT ${pg.escapeIdentifier(owner)} TO ${ident}`)
  // Its own CONNECT, the admin's grant: read-only mode takes the project's role's, not this one.
  await admin.query(`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(owner)} TO ${ident}`)
  await grantReservedConnections(admin, name)
  await admin
    .query(`ALTER ROLE ${ident} SET temp_file_limit = ${pg.escapeLiteral(tempFileLimit)}`)
    .catch((e) => console.warn(`[project-db] could not bound temp_file_limit for ${name}: ${(e as Error).message}`))
  const url = new URL(adminUrl)
  url.username = name
  url.password = password
  url.pathname = `/${owner}`
  url.search = ''
  url.searchParams.set('options', roleOption(ref))
  return url.toString()
}
