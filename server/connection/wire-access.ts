/**
 * What the embedded databases' wire listener asks the control plane: which project a ref names
 * and its password, whether it serves (its status, and its organization's restriction, as the
 * SQL endpoint decides), and how many attempts a client address made. Served sessions count as
 * the project's egress and activity, as SQL runs do.
 */
import { createHash } from 'node:crypto'
import type { Socket } from 'node:net'
import type { Platform } from '../platform'
import type { ProjectDbLocation } from '../databases'
import { isDatabaseNotServing } from '../databases'
import type { WireListenerDeps } from '../databases/wire/listener'
import { countEgress } from '../billing/egress'
import { recordActivity, activityThrottleSeconds } from '../projects/activity'
import { restrictedMessage } from '../sql/not-serving'
import { EMBEDDED_DB_LIMITS } from '../config'

const ATTEMPTS = 'embedded-db-auth'
const ATTEMPTS_FOR_REF = 'embedded-db-auth-ref'
/** The ref is whatever the client sent (up to a startup packet's size): the key holds its hash. */
const refKey = (address: string, ref: string) => `${address} ${createHash('sha256').update(ref).digest('hex').slice(0, 32)}`
const REF = /^[a-z0-9][a-z0-9_-]{0,62}$/i

/** Why a project that exists does not take connections, for a client that knew its password. */
function notServing(status: string): string {
  if (status === 'RESTARTING' || status === 'RESTORING') return `the project's database is ${status === 'RESTARTING' ? 'restarting' : 'being restored'}; try again in a moment`
  if (status === 'COMING_UP') return "the project's database is being set up; try again in a moment"
  return "the project's database is paused and does not accept connections; restore the project first"
}

type ProjectRow = { id: number; status: string; db_location: ProjectDbLocation | null; restriction_status: string | null; quota_note: string | null }

async function projectRow(platform: Platform, ref: string): Promise<ProjectRow | undefined> {
  const [row] = await platform.db.query<ProjectRow>(
    `select p.id::int as id, p.status, p.db_location, o.restriction_status, o.quota_note
     from projects p join organizations o on o.id = p.organization_id
     where p.ref = $1 and p.status not in ('REMOVED', 'GOING_DOWN')`,
    [ref]
  )
  return row
}

/** Why the project does not serve wire clients now; null when it does. */
function whyNotServing(row: ProjectRow): string | null {
  if (row.restriction_status === 'restricted') return restrictedMessage(row.quota_note)
  const serving = row.status === 'ACTIVE_HEALTHY' || row.status === 'ACTIVE_UNHEALTHY'
  return serving ? null : notServing(row.status)
}

export function wireAccess(platform: Platform): WireListenerDeps {
  const rule = () => platform.config.rateLimits.embeddedDbAuthPerIp
  /** When each project's wire traffic was last written as activity (and its serving re-checked), by ref. */
  const lastTouched = new Map<string, number>()

  /** Counts one attempt in a bucket; answers the seconds to wait when it was one too many. */
  async function count(bucket: string, key: string): Promise<number | null> {
    const { limit, windowSeconds } = rule()
    const [row] = await platform.db.query<{ hits: number; retry_after: number }>(
      `with w as (select to_timestamp(floor(extract(epoch from now()) / $3) * $3) as start)
       insert into rate_limit_counters (bucket, key, window_start, hits)
       select $1, $2, w.start, 1 from w
       on conflict (bucket, key, window_start) do update set hits = rate_limit_counters.hits + 1
       returning hits, ceil(extract(epoch from (window_start + make_interval(secs => $3) - now())))::int as retry_after`,
      [bucket, key, windowSeconds]
    )
    return row.hits > limit ? Math.max(1, row.retry_after) : null
  }

  async function refund(bucket: string, key: string) {
    await platform.db.query(
      `update rate_limit_counters set hits = greatest(hits - 1, 0)
       where bucket = $1 and key = $2 and window_start = to_timestamp(floor(extract(epoch from now()) / $3) * $3)`,
      [bucket, key, rule().windowSeconds]
    )
  }

  /**
   * Wire traffic of a project, at most once per activity throttle: its activity is written (a
   * project used only over the wire is not paused for inactivity), and its sessions are ended
   * when it stopped serving meanwhile (its organization was restricted, it is being paused).
   */
  function touch(ref: string) {
    const now = Date.now()
    if (now - (lastTouched.get(ref) ?? 0) < activityThrottleSeconds(platform) * 1000) return
    lastTouched.set(ref, now)
    if (lastTouched.size > 10_000) lastTouched.delete(lastTouched.keys().next().value!)
    void (async () => {
      await recordActivity(platform, ref)
      const row = await projectRow(platform, ref)
      if (!row || whyNotServing(row)) platform.databases.endWireSessions({ kind: 'embedded', ref })
    })().catch((error) => console.warn(`[embedded-db] could not record activity of ${ref}: ${(error as Error).message}`))
  }

  const limits = () => ({ ...EMBEDDED_DB_LIMITS, ...withoutUndefined(platform.config.embeddedDb) })
  return {
    connectionCaps: () => ({ total: limits().maxConnections, perAddress: limits().maxConnectionsPerAddress }),
    async lookup(ref) {
      if (!REF.test(ref)) return null
      const row = await projectRow(platform, ref)
      const location = row?.db_location
      if (!row || location?.kind !== 'embedded' || !location.password) return null
      return { id: row.id, password: location.password, notServing: whyNotServing(row) }
    },
    async beginAttempt(address, ref) {
      if (rule().limit === 0) return null
      // Both counted, whatever the first answers: a refused attempt is an attempt too.
      const [byAddress, byRef] = await Promise.all([count(ATTEMPTS, address), count(ATTEMPTS_FOR_REF, refKey(address, ref))])
      return byAddress ?? byRef
    },
    async attemptSucceeded(address, ref) {
      if (rule().limit === 0) return
      await Promise.all([refund(ATTEMPTS, address), refund(ATTEMPTS_FOR_REF, refKey(address, ref))]).catch(() => undefined)
    },
    open(ref, socket: Socket, session, project) {
      return platform.databases.openWire({ kind: 'embedded', ref }, socket, {
        ...session,
        statementTimeoutMs: platform.config.sqlTimeoutMs,
        idleTimeoutMs: limits().idleSessionTimeoutMs,
        onOutput(bytes) {
          // In memory, added to the usage at the next sample (billing/egress.ts).
          countEgress(platform, project.id, bytes)
          touch(ref)
        },
      })
    },
    openFailure(error) {
      if (isDatabaseNotServing(error)) return { code: '57P03', message: "the project's database is paused and does not accept connections; restore the project first" }
      console.warn(`[embedded-db] could not serve a connection: ${error instanceof Error ? error.message : String(error)}`)
      return { code: '57P03', message: "the project's database could not be opened; try again later" }
    },
  }
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
