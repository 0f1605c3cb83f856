/** Who may use a server's reserved connection slots (reserved_connections, PostgreSQL 16 and later). */
import pg from 'pg'

/**
 * On a server that reserves connection slots (reserved_connections, PostgreSQL 16 and later: the
 * platform's own server does), the roles only the platform logs in as may use them: each
 * project's data API login (`p_<ref>_api`), read-only role and service role. Not a project's own role, whose
 * password its members have, nor the roles it creates: whatever a project opens takes only the
 * unreserved slots, so no project can take the data API's or the platform's. No role can pass
 * this on (none holds ADMIN on it).
 */
export async function grantReservedConnections(admin: Pick<pg.Pool, 'query'>, role: string) {
  const { rows } = await admin.query<{ n: number }>(`select coalesce(nullif(current_setting('reserved_connections', true), ''), '0')::int as n`)
  if (!rows[0] || rows[0].n <= 0) return
  await admin
    .query(`GRANT pg_use_reserved_connections TO ${pg.escapeIdentifier(role)}`)
    .catch((e) => console.warn(`[project-db] could not let ${role} use the server's reserved connections: ${(e as Error).message}`))
}

/** A project's own role no longer uses the reserved slots (an earlier version let it). */
export async function revokeReservedConnections(admin: Pick<pg.Pool, 'query'>, role: string) {
  const { rows } = await admin.query<{ member: boolean }>(
    // A direct grant only (none is inherited): before PostgreSQL 16 the role does not exist at all.
    `select exists (select 1 from pg_catalog.pg_auth_members m join pg_catalog.pg_roles r on r.oid = m.roleid
       where r.rolname = 'pg_use_reserved_connections' and m.member = (select oid from pg_catalog.pg_roles where rolname = $1)) as member`,
    [role]
  )
  if (rows[0]?.member) await admin.query(`REVOKE pg_use_reserved_connections FROM ${pg.escapeIdentifier(role)}`)
}
