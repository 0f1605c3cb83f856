/** A server's one-time set-up before the first project of this process is provisioned there. */
import pg from 'pg'
import type { ServerPools } from './pools'
import { reserveRoleNames } from './reserved-roles'
import { holdLegacyDatabases } from './database-ownership'

/** Admin URL → its set-up, done or under way (once per server and process; forgotten when it fails). */
export type SecuredServers = Map<string, Promise<void>>

/**
 * Once per server: no project role may connect to the maintenance database (the admin URL's)
 * or template1 (the admin keeps its access: it is granted explicitly first), the data API's
 * role names are taken before a project could create them (reserved-roles.ts), and project
 * databases an earlier version gave to their roles are the platform's again (database-ownership.ts).
 */
export function secureServer(secured: SecuredServers, pools: ServerPools, adminUrl: string): Promise<void> {
  let done = secured.get(adminUrl)
  if (!done) {
    done = (async () => {
      const admin = pools.admin(adminUrl)
      const { rows } = await admin.query<{ db: string }>('select current_database() as db')
      for (const db of new Set([rows[0].db, 'template1'])) {
        const ident = pg.escapeIdentifier(db)
        try {
          await admin.query(`GRANT CONNECT ON DATABASE ${ident} TO CURRENT_USER`)
          await admin.query(`REVOKE CONNECT ON DATABASE ${ident} FROM PUBLIC`)
        } catch (e) {
          console.warn(`[project-db] could not revoke CONNECT on ${db} from PUBLIC: ${(e as Error).message}`)
        }
      }
      // Before any project role of this process provisions here: names no project may take first.
      await reserveRoleNames(admin).catch((e) => console.warn(`[project-db] could not reserve the data API's role names: ${(e as Error).message}`))
      await holdLegacyDatabases(admin, adminUrl)
    })().catch((e) => {
      secured.delete(adminUrl)
      throw e
    })
    secured.set(adminUrl, done)
  }
  return done
}
