/**
 * Project health: a database that stops answering makes its project ACTIVE_UNHEALTHY with the
 * reason, and the project comes back to ACTIVE_HEALTHY on its own once it answers again. Checked
 * every HEALTH_CHECK_INTERVAL_MS by each app instance, and at once when a query finds the
 * database gone. One probe per database server covers its healthy projects; an unhealthy project
 * is probed on its own.
 */
import type { Platform } from '../platform'
import { isDatabaseUnavailable, type ProjectDbLocation } from '../databases'

const PROBE_TIMEOUT_MS = 5_000
const PROBES_AT_ONCE = 4

type Row = { ref: string; status: 'ACTIVE_HEALTHY' | 'ACTIVE_UNHEALTHY'; db_location: ProjectDbLocation }

/** The reason shown to the project's members: when, and what to expect. No server names. */
function unreachableMessage(since: Date = new Date()): string {
  return `The database has not answered since ${since.toISOString()}. It is checked again regularly and the project recovers by itself when it answers.`
}

export async function markUnhealthy(platform: Platform, ref: string) {
  await platform.db.query(
    `update projects set status = 'ACTIVE_UNHEALTHY', status_message = $2, unhealthy_since = now(), updated_at = now()
     where ref = $1 and status = 'ACTIVE_HEALTHY'`,
    [ref, unreachableMessage()]
  )
}

async function markHealthy(platform: Platform, ref: string, version: string) {
  await platform.db.query(
    `update projects set status = 'ACTIVE_HEALTHY', status_message = null, unhealthy_since = null, db_version = $2, updated_at = now()
     where ref = $1 and status = 'ACTIVE_UNHEALTHY'`,
    [ref, version]
  )
}

/** Answers the server version, or null when the database does not answer. */
async function probe(platform: Platform, location: ProjectDbLocation): Promise<string | null> {
  try {
    return await platform.databases.version(location, { timeoutMs: PROBE_TIMEOUT_MS })
  } catch (error) {
    if (!isDatabaseUnavailable(error)) console.warn(`Health check of project ${location.ref} failed:`, error)
    return null
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
    `select ref, status, db_location from projects where db_location is not null and status in ('ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY')`
  )
  // Healthy projects: one probe per server.
  const byServer = new Map<string, Row[]>()
  for (const row of rows) {
    const server = row.status === 'ACTIVE_HEALTHY' ? serverOf(row.db_location) : null
    if (server) byServer.set(server, [...(byServer.get(server) ?? []), row])
  }
  await inBatches([...byServer.values()], PROBES_AT_ONCE, async (projects) => {
    if ((await probe(platform, projects[0].db_location)) !== null) return
    for (const project of projects) await markUnhealthy(platform, project.ref)
  })
  const unhealthy = rows.filter((row) => row.status === 'ACTIVE_UNHEALTHY')
  await inBatches(unhealthy, PROBES_AT_ONCE, async (row) => {
    const version = await probe(platform, row.db_location)
    if (version !== null) await markHealthy(platform, row.ref, version)
  })
}

/**
 * Before running SQL on an unhealthy project: one quick probe, so that a database that came back
 * is used at once instead of at the next scheduled check.
 */
export async function recheckNow(platform: Platform, ref: string, location: ProjectDbLocation): Promise<boolean> {
  const version = await probe(platform, location)
  if (version === null) return false
  await markHealthy(platform, ref, version)
  return true
}
