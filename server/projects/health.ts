/**
 * Project health: a database that stops answering makes its project ACTIVE_UNHEALTHY with the
 * reason, and the project comes back to ACTIVE_HEALTHY on its own once it answers again. Checked
 * every HEALTH_CHECK_INTERVAL_MS by each app instance, and at once when a query finds the
 * database gone. One probe per database server covers its healthy projects; an unhealthy project
 * (or one whose health is unknown) is probed on its own.
 *
 * A probe has four outcomes. The server answers: healthy. The server says no (connection refused
 * or reset, shutting down, the database or role gone): ACTIVE_UNHEALTHY, the database is down. No
 * answer in time (the server took the connection but said nothing within HEALTH_CHECK_TIMEOUT_MS), or
 * the check failed in a way that says nothing about the database: UNKNOWN, since the health
 * cannot be read. Both come back by themselves at the first check that gets an answer; an UNKNOWN
 * project that is then refused becomes ACTIVE_UNHEALTHY, and an unhealthy one that is then not
 * answered in time stays unhealthy (nothing new was learnt). Last, the server answers that the
 * database is not accepting connections: the platform closes an active project's database while
 * it copies it (a backup, a branch's copy) without changing the project's row. The server is up
 * and nothing is learnt of the project, so nothing is marked.
 */
import type { Platform } from '../kernel/platform'
import { isDatabaseUnavailable, isSqlError, NOT_ACCEPTING_CONNECTIONS, type ProjectDbLocation } from '../databases'

const PROBES_AT_ONCE = 4

type Row = { ref: string; status: 'ACTIVE_HEALTHY' | 'ACTIVE_UNHEALTHY' | 'UNKNOWN'; db_location: ProjectDbLocation; read_at: Date }

/**
 * A probe's answer describes the project as it was when it was read: a restore, a resize or a
 * restart may run meanwhile (the database refusing connections while it does) and be over before
 * the answer is written. The marks below therefore change only a project not changed since it was
 * read (every transition sets updated_at); a skipped mark is made at the next check.
 */
const UNCHANGED_SINCE_READ = 'updated_at <= $3'

/**
 * A version: the server answered. 'closed': it answered that the database takes no connections now.
 * 'down': it said no. 'unknown': no answer in time, or the check itself failed.
 */
type ProbeResult = { version: string } | 'closed' | 'down' | 'unknown'

/** The reason shown to the project's members: when, and what to expect. No server names. */
function unreachableMessage(since: Date = new Date()): string {
  return `The database has not answered since ${since.toISOString()}. It is checked again regularly and the project recovers by itself when it answers.`
}

function unknownMessage(timeoutMs: number): string {
  const wait = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} seconds` : `${timeoutMs} ms`
  return `The database did not answer its health check within ${wait}, so its health cannot be read. It is checked again regularly and the project recovers by itself when it answers.`
}

/** From ACTIVE_HEALTHY or UNKNOWN: the database said no. */
export async function markUnhealthy(platform: Platform, ref: string, readAt?: Date) {
  await platform.db.query(
    `update projects set status = 'ACTIVE_UNHEALTHY', status_message = $2, unhealthy_since = now(), updated_at = now()
     where ref = $1 and status in ('ACTIVE_HEALTHY', 'UNKNOWN') and ($3::timestamptz is null or ${UNCHANGED_SINCE_READ})`,
    [ref, unreachableMessage(), readAt ?? null]
  )
}

/** From ACTIVE_HEALTHY only: an unhealthy project that still gets no answer stays unhealthy. */
async function markUnknown(platform: Platform, ref: string, readAt: Date) {
  await platform.db.query(
    `update projects set status = 'UNKNOWN', status_message = $2, updated_at = now()
     where ref = $1 and status = 'ACTIVE_HEALTHY' and ${UNCHANGED_SINCE_READ}`,
    [ref, unknownMessage(platform.config.healthCheckTimeoutMs), readAt]
  )
}

async function markHealthy(platform: Platform, ref: string, version: string, readAt: Date) {
  await platform.db.query(
    `update projects set status = 'ACTIVE_HEALTHY', status_message = null, unhealthy_since = null, db_version = $2, updated_at = now()
     where ref = $1 and status in ('ACTIVE_UNHEALTHY', 'UNKNOWN') and ${UNCHANGED_SINCE_READ}`,
    [ref, version, readAt]
  )
}

/**
 * A timeout in the driver's own words: a connection not set up in time ("Connection terminated due
 * to connection timeout", "timeout expired") or a statement cancelled by statement_timeout.
 */
const TIMED_OUT = /timeout|timed out/i

async function probe(platform: Platform, location: ProjectDbLocation): Promise<ProbeResult> {
  try {
    return { version: await platform.databases.version(location, { timeoutMs: platform.config.healthCheckTimeoutMs }) }
  } catch (error) {
    if (isSqlError(error) && error.pg?.code === NOT_ACCEPTING_CONNECTIONS) return 'closed'
    if (isDatabaseUnavailable(error)) return TIMED_OUT.test(error.detail ?? '') ? 'unknown' : 'down'
    // Not a fault of the database's we can name (a timeout, anything unexpected): unknown.
    if (!(error instanceof Error && TIMED_OUT.test(error.message))) console.warn(`Health check of project ${location.ref} failed:`, error)
    return 'unknown'
  }
}

/** Which server a location is on: its projects rise and fall together. */
function serverOf(location: ProjectDbLocation): string | null {
  try {
    const url = new URL(location.url)
    return `${url.hostname}:${url.port || '5432'}`
  } catch {
    return null
  }
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn))
}

export async function checkHealth(platform: Platform) {
  const rows = await platform.db.query<Row>(
    `select ref, status, db_location, now() as read_at from projects where db_location is not null and status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY', 'UNKNOWN')`
  )
  // Healthy projects: one probe per server.
  const byServer = new Map<string, Row[]>()
  for (const row of rows) {
    const server = row.status === 'ACTIVE_HEALTHY' ? serverOf(row.db_location) : null
    if (server) byServer.set(server, [...(byServer.get(server) ?? []), row])
  }
  await inBatches([...byServer.values()], PROBES_AT_ONCE, async (projects) => {
    const result = await probe(platform, projects[0].db_location)
    if (typeof result === 'object' || result === 'closed') return
    for (const project of projects) await (result === 'down' ? markUnhealthy : markUnknown)(platform, project.ref, project.read_at)
  })
  const notHealthy = rows.filter((row) => row.status !== 'ACTIVE_HEALTHY')
  await inBatches(notHealthy, PROBES_AT_ONCE, async (row) => {
    const result = await probe(platform, row.db_location)
    if (typeof result === 'object') await markHealthy(platform, row.ref, result.version, row.read_at)
    else if (result === 'down') await markUnhealthy(platform, row.ref, row.read_at)
  })
}

/**
 * Before running SQL on an unhealthy project: one quick probe, so that a database that came back
 * is used at once instead of at the next scheduled check.
 */
export async function recheckNow(platform: Platform, ref: string, location: ProjectDbLocation): Promise<boolean> {
  const [{ read_at: readAt }] = await platform.db.query<{ read_at: Date }>('select now() as read_at')
  const result = await probe(platform, location)
  if (typeof result !== 'object') return false
  await markHealthy(platform, ref, result.version, readAt)
  return true
}
