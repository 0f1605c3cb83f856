/**
 * What the embedded databases' wire listener asks the control plane: which project a ref names
 * and its password, whether it serves (its status, and its organization's restriction, as the
 * SQL endpoint decides), and how many attempts a client address made. Served sessions count as
 * the project's egress and activity, as SQL runs do.
 *
 * Password attempts are limited three ways, all counted before the exchange and taken back when it
 * succeeds: per client address, per address and project (RATE_LIMIT_EMBEDDED_DB_AUTH), and per
 * project from every address together (RATE_LIMIT_EMBEDDED_DB_AUTH_PROJECT), so rotating addresses
 * does not buy more guesses. Past the per-project limit only addresses that authenticated to the
 * project in the last 30 days may try: guesses from elsewhere cannot lock the owner out of where
 * they connect from (and the platform's own connections never count). Such an address is its
 * network (lib/client-network.ts): a whole IPv6 /64, so an owner whose privacy address changes
 * stays known.
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
import { clientNetwork } from '@/lib/client-network'

const ATTEMPTS = 'embedded-db-auth'
const ATTEMPTS_FOR_REF = 'embedded-db-auth-ref'
const ATTEMPTS_ON_PROJECT = 'embedded-db-auth-project'
/** The ref is whatever the client sent (up to a startup packet's size): keys hold its hash. */
const hashOf = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32)
const refKey = (address: string, ref: string) => `${address} ${hashOf(ref)}`
/** An address that authenticated to a project is remembered this long (see the header). */
const KNOWN_ADDRESS_DAYS = 30
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

  const projectRule = () => ({ limit: limits().attemptsPerProject, windowSeconds: rule().windowSeconds })

  /** Counts one attempt in a bucket; answers the seconds to wait when it was one too many (null: off, or allowed). */
  async function count(bucket: string, key: string, { limit, windowSeconds } = rule()): Promise<number | null> {
    if (limit === 0) return null
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

  async function refund(bucket: string, key: string, { limit, windowSeconds } = rule()) {
    if (limit === 0) return
    await platform.db.query(
      `update rate_limit_counters set hits = greatest(hits - 1, 0)
       where bucket = $1 and key = $2 and window_start = to_timestamp(floor(extract(epoch from now()) / $3) * $3)`,
      [bucket, key, windowSeconds]
    )
  }

  /** Whether this address authenticated to the project (a real one) recently. */
  async function knownAddress(address: string, ref: string): Promise<boolean> {
    const rows = await platform.db.query(
      `select 1 from embedded_db_auth_addresses a join projects p on p.id = a.project_id
       where p.ref = $1 and a.address = $2 and a.last_success_at > now() - make_interval(days => $3)`,
      [ref, hashOf(clientNetwork(address)), KNOWN_ADDRESS_DAYS]
    )
    return rows.length > 0
  }

  /** Remembers the address (the project's stale ones go in the same statement). */
  async function rememberAddress(address: string, ref: string) {
    await platform.db.query(
      `with p as (select id from projects where ref = $1),
       stale as (delete from embedded_db_auth_addresses where project_id = (select id from p) and last_success_at < now() - make_interval(days => $3))
       insert into embedded_db_auth_addresses (project_id, address) select id, $2 from p
       on conflict (project_id, address) do update set last_success_at = now()`,
      [ref, hashOf(clientNetwork(address)), KNOWN_ADDRESS_DAYS]
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
    connectionCaps: () => ({ total: limits().maxConnections, perAddress: limits().maxConnectionsPerAddress, handshakes: limits().maxHandshakes }),
    async lookup(ref) {
      if (!REF.test(ref)) return null
      const row = await projectRow(platform, ref)
      const location = row?.db_location
      if (!row || location?.kind !== 'embedded' || !location.password) return null
      return { id: row.id, password: location.password, notServing: whyNotServing(row) }
    },
    async beginAttempt(address, ref) {
      // All counted, whatever the first answers: a refused attempt is an attempt too.
      const [byAddress, byRef, byProject] = await Promise.all([
        count(ATTEMPTS, address),
        count(ATTEMPTS_FOR_REF, refKey(address, ref)),
        count(ATTEMPTS_ON_PROJECT, hashOf(ref), projectRule()),
      ])
      if (byAddress !== null || byRef !== null) return byAddress ?? byRef
      if (byProject !== null && !(await knownAddress(address, ref))) return byProject
      return null
    },
    async attemptSucceeded(address, ref, by) {
      await Promise.all([
        refund(ATTEMPTS, address),
        refund(ATTEMPTS_FOR_REF, refKey(address, ref)),
        refund(ATTEMPTS_ON_PROJECT, hashOf(ref), projectRule()),
        // The platform's own connections say nothing about where the owner connects from.
        ...(by === 'project' ? [rememberAddress(address, ref)] : []),
      ]).catch((error) => console.warn(`[embedded-db] could not record a successful attempt: ${(error as Error).message}`))
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
