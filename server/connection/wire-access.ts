/**
 * What the embedded databases' wire listener asks the control plane: which project a ref names
 * and its password, whether it serves, and how many failed attempts a client address made.
 */
import type { Socket } from 'node:net'
import type { Platform } from '../platform'
import type { ProjectDbLocation } from '../databases'
import { isDatabaseNotServing } from '../databases'
import { hit } from '../security/rate-limit'
import type { WireListenerDeps } from '../databases/wire/listener'

const FAILURES = 'embedded-db-auth'
const REF = /^[a-z0-9][a-z0-9_-]{0,62}$/i

/** Why a project that exists does not take connections, for a client that knew its password. */
function notServing(status: string): string {
  if (status === 'RESTARTING' || status === 'RESTORING') return `the project's database is ${status === 'RESTARTING' ? 'restarting' : 'being restored'}; try again in a moment`
  if (status === 'COMING_UP') return "the project's database is being set up; try again in a moment"
  return "the project's database is paused and does not accept connections; restore the project first"
}

export function wireAccess(platform: Platform): WireListenerDeps {
  const rule = () => platform.config.rateLimits.embeddedDbAuthPerIp
  return {
    async lookup(ref) {
      if (!REF.test(ref)) return null
      const [row] = await platform.db.query<{ status: string; db_location: ProjectDbLocation | null }>(
        `select status, db_location from projects where ref = $1 and status not in ('REMOVED', 'GOING_DOWN')`,
        [ref]
      )
      const location = row?.db_location
      if (location?.kind !== 'embedded' || !location.password) return null
      const serving = row.status === 'ACTIVE_HEALTHY' || row.status === 'ACTIVE_UNHEALTHY'
      return { password: location.password, notServing: serving ? null : notServing(row.status) }
    },
    async refusedFor(address) {
      const { limit, windowSeconds } = rule()
      if (limit === 0) return null
      // The window of server/security/rate-limit.ts, read without counting.
      const [row] = await platform.db.query<{ hits: number; retry_after: number }>(
        `select hits, ceil(extract(epoch from (window_start + make_interval(secs => $3) - now())))::int as retry_after
         from rate_limit_counters
         where bucket = $1 and key = $2 and window_start = to_timestamp(floor(extract(epoch from now()) / $3) * $3)`,
        [FAILURES, address, windowSeconds]
      )
      return row && row.hits >= limit ? Math.max(1, row.retry_after) : null
    },
    async recordFailure(address) {
      await hit(platform, FAILURES, address, rule()).catch(() => undefined) // over the limit: refusedFor says so next time
    },
    open(ref, socket: Socket, session) {
      return platform.databases.openWire({ kind: 'embedded', ref }, socket, session)
    },
    openFailure(error) {
      if (isDatabaseNotServing(error)) return { code: '57P03', message: "the project's database is paused and does not accept connections; restore the project first" }
      console.warn(`[embedded-db] could not serve a connection: ${error instanceof Error ? error.message : String(error)}`)
      return { code: '57P03', message: "the project's database could not be opened; try again later" }
    },
  }
}
