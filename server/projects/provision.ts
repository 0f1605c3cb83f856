/**
 * Provisioning runs after the create request has answered (status COMING_UP) and moves the
 * project to ACTIVE_HEALTHY, or INIT_FAILED with a message. Projects left COMING_UP by a stopped
 * server are picked up again at start.
 */
import type { Platform } from '../platform'
import { track } from '../background'

async function provision(platform: Platform, ref: string, region: string) {
  // Several app copies may pick up the same COMING_UP project: one provisions, the others skip.
  await platform.db.withLock(`provision:${ref}`, async () => {
    const [row] = await platform.db.query(`select 1 from projects where ref = $1 and status = 'COMING_UP'`, [ref])
    if (!row) return // done meanwhile by another copy
    try {
      const location = await platform.databases.provision(ref, region)
      const version = await platform.databases.version(location)
      await platform.db.query(
        `update projects set status = 'ACTIVE_HEALTHY', status_message = null, db_location = $2, db_version = $3, updated_at = now()
         where ref = $1 and status = 'COMING_UP'`,
        [ref, JSON.stringify(location), version]
      )
    } catch (error) {
      // The detail may name servers and admin roles: it goes to the log, not to the project's owner.
      console.error(`Provisioning project ${ref} failed:`, error)
      await platform.db.query(`update projects set status = 'INIT_FAILED', status_message = $2, updated_at = now() where ref = $1`, [
        ref,
        `The database could not be created (${new Date().toISOString()}). Please contact support with the project reference ${ref}.`,
      ])
    }
  })
}

export function startProvisioning(platform: Platform, ref: string, region: string) {
  track(platform, provision(platform, ref, region))
}

export function resumeProvisioning(platform: Platform) {
  track(
    platform,
    platform.db
      .query<{ ref: string; region: string }>(`select ref, region from projects where status = 'COMING_UP' order by id`)
      .then((rows) => rows.forEach((r) => startProvisioning(platform, r.ref, r.region)))
  )
}
