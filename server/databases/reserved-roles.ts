/**
 * Server-wide role names the platform gives a meaning to: the data API's roles of the Supabase
 * convention (server/data-api/roles.ts sets them up fully). A project's role may create roles
 * (CREATEROLE, PostgreSQL 16+) and becomes an admin member of what it creates, so a project that
 * created one of these names first could block (or, taken over, enter) every project's data API
 * on the server. They are made by the server's admin, as bare NOLOGIN roles, before the first
 * project role exists on a server.
 */
import pg from 'pg'

export const DATA_API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export const AUTHENTICATOR = 'authenticator'
export const RESERVED_ROLES = [...DATA_API_ROLES, AUTHENTICATOR] as const

/** Creates each reserved name that does not exist yet, owned by no project (a no-op when they do). */
export async function reserveRoleNames(admin: pg.Pool) {
  const { rows } = await admin.query<{ rolname: string }>('select rolname from pg_catalog.pg_roles where rolname = any($1::text[])', [RESERVED_ROLES])
  const existing = new Set(rows.map((r) => r.rolname))
  for (const role of RESERVED_ROLES) {
    if (existing.has(role)) continue
    // Two app instances reserving at once: the loser meets the winner's role, which is as good.
    await admin.query(`CREATE ROLE ${pg.escapeIdentifier(role)} WITH NOLOGIN NOINHERIT`).catch((e: { code?: string }) => {
      if (e.code !== '42710') throw e
    })
  }
}
