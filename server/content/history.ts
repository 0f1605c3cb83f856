/**
 * The history of SQL runs, per user and project: recorded by the SQL endpoint after each run (once
 * it answered, see afterAnswer), the newest QUERY_HISTORY_KEEP kept. Recording is one statement
 * (insert, and trim what fell off the end); it never fails a run: a run whose history could not be
 * written is still answered, and the server log says why.
 */
import { QUERY_HISTORY_KEEP, QUERY_HISTORY_SQL_MAX, type QueryHistory, type QueryHistoryEntry, type queryHistoryQuery } from '@/lib/api-types'
import type { z } from 'zod'
import type { Platform } from '../kernel/platform'
import { trackPending } from '../pending-work'
import type { AuthUser, ProjectAccess } from '../kernel/handler-types'
import { requireProfile } from '../profile/profile'
import { isDatabaseUnavailable, isSqlError } from '../databases'
import { decodeHistoryCursor, encodeCursor } from './cursor'
import { likePattern } from './search'
import { activityThrottleSeconds, touchActivitySql } from '../projects/activity'

export type RunRecord = {
  projectId: number
  userId: string
  sql: string
  startedAt: Date
  durationMs: number
  rowCount: number | null
  error: string | null
}

const ERROR_MAX = 2000

/** What the history says of a failed run: Postgres's message, or the platform's own words (never internals). */
export function runErrorMessage(error: unknown): string {
  if (isSqlError(error) || isDatabaseUnavailable(error)) return error.message
  return 'The query did not complete.'
}

/** At most `max` characters, never ending in half of a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const end = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max
  return text.slice(0, end)
}

/**
 * This statement's commit does not wait for the log's flush to disk (set_config local to its
 * transaction, read by the trim below so that it is evaluated): a crash in the moment after it
 * loses at most that history entry and activity mark, never a snippet or anything else.
 */
const LAZY_COMMIT = `lazy_commit as (select set_config('synchronous_commit', 'off', true) as off)`

/**
 * The insert and the trim (the trim reads the rows as they were before this insert: keeping
 * keep - 1 of them, plus this one), as the last part of a WITH statement after LAZY_COMMIT;
 * parameters $1–$9 from runParams.
 */
const RECORD_RUN = `recorded as (
    insert into query_history (project_id, profile_id, sql, sql_truncated, started_at, duration_ms, row_count, error)
    select $1, p.id, $3, $4, $5::timestamptz, $6, $7, $8 from profiles p where p.user_id = $2
    returning profile_id
  )
  delete from query_history h using recorded r
  where (select off from lazy_commit) is not null and h.project_id = $1 and h.profile_id = r.profile_id and h.id <= (
    select o.id from query_history o where o.project_id = $1 and o.profile_id = r.profile_id order by o.id desc offset $9 limit 1
  )`

const runParams = (run: RunRecord, keep: number) => [
  run.projectId,
  run.userId,
  cut(run.sql, QUERY_HISTORY_SQL_MAX),
  run.sql.length > QUERY_HISTORY_SQL_MAX,
  run.startedAt.toISOString(),
  Math.max(0, run.durationMs),
  run.rowCount,
  run.error === null ? null : cut(run.error, ERROR_MAX),
  Math.max(0, keep - 1),
]

export async function recordRun(platform: Platform, run: RunRecord, keep = QUERY_HISTORY_KEEP): Promise<void> {
  try {
    await platform.db.query(`with ${LAZY_COMMIT}, ${RECORD_RUN}`, runParams(run, keep))
  } catch (error) {
    console.error(`Query history not recorded (project ${run.projectId}):`, error instanceof Error ? error.message : error)
  }
}

/**
 * What the SQL endpoint writes once a run ended, in one statement (one control-plane round trip):
 * the run's history entry (recordRun) and the project's activity (recordActivity, by the project's
 * id, throttled the same way). Like recordRun it never fails a run: when the control plane cannot
 * take it, neither is written, the run is still answered and the server log says why.
 */
export async function recordRunAndActivity(platform: Platform, run: RunRecord, keep = QUERY_HISTORY_KEEP): Promise<void> {
  try {
    await platform.db.query(`with ${LAZY_COMMIT}, activity as (${touchActivitySql('id = $1', '$10')}), ${RECORD_RUN}`, [...runParams(run, keep), activityThrottleSeconds(platform)], {
      prepare: true,
    })
  } catch (error) {
    console.error(`Query history not recorded, nor the project's activity (project ${run.projectId}):`, error instanceof Error ? error.message : error)
  }
}

/**
 * History writes of this instance still on their way, by project and user, each chained after the
 * one before it so that entries keep the order of their runs. The SQL endpoint answers without
 * waiting for its write (afterAnswer); a read of the history first waits for the caller's own
 * writes (read-your-writes on this instance; a read served by another instance may miss an entry
 * for the moment the write takes). The platform waits for all of them before it closes.
 */
type Writer = { last: Promise<void>; waiting: number }
const inFlight = new WeakMap<Platform, Map<string, Writer>>()
const writerKey = (projectId: number, userId: string) => `${projectId}\u0000${userId}`

/**
 * Writes one user may have waiting in a project before their next answer waits for its own: when
 * the control plane is slow, a client sending run after run is slowed down with it, and the
 * waiting entries (each holding its SQL) stay few.
 */
export const HISTORY_WRITES_AHEAD = 32

/**
 * Runs `write` (which never throws) after this user's earlier writes in the project, off the
 * caller's path. Resolves at once, or once this write is done when too many wait before it.
 */
export function afterAnswer(platform: Platform, run: Pick<RunRecord, 'projectId' | 'userId'>, write: () => Promise<void>): Promise<void> {
  let writers = inFlight.get(platform)
  if (!writers) inFlight.set(platform, (writers = new Map()))
  const key = writerKey(run.projectId, run.userId)
  const writer = writers.get(key) ?? { last: Promise.resolve(), waiting: 0 }
  writers.set(key, writer)
  const written = writer.last.then(write)
  writer.last = written
  writer.waiting++
  void trackPending(platform, written).finally(() => {
    if (--writer.waiting === 0 && writers.get(key) === writer) writers.delete(key)
  })
  return writer.waiting > HISTORY_WRITES_AHEAD ? written : Promise.resolve()
}

/** Resolves once this instance has written every history entry of the user's runs in the project. */
export async function ownWritesDone(platform: Platform, projectId: number, userId: string): Promise<void> {
  await inFlight.get(platform)?.get(writerKey(projectId, userId))?.last
}

type HistoryRow = Omit<QueryHistoryEntry, 'started_at'> & { started_at: Date | string }

export async function listHistory(platform: Platform, user: AuthUser, project: ProjectAccess, query: z.output<typeof queryHistoryQuery>): Promise<QueryHistory> {
  const [{ id: me }] = await Promise.all([requireProfile(platform.db, user.id), ownWritesDone(platform, project.id, user.id)])
  const params: unknown[] = [project.id, me]
  const add = (value: unknown) => `$${params.push(value)}`
  const where = ['project_id = $1', 'profile_id = $2']
  if (query.search !== undefined) where.push(`sql ilike ${add(likePattern(query.search))}`)
  if (query.cursor !== undefined) where.push(`id < ${add(decodeHistoryCursor(query.cursor))}::bigint`)
  const rows = await platform.db.query<HistoryRow>(
    `select id::float8 as id, sql, sql_truncated, started_at, duration_ms, row_count::float8 as row_count, error from query_history
     where ${where.join(' and ')} order by id desc limit ${add(query.limit + 1)}`,
    params
  )
  const page = rows.slice(0, query.limit)
  return {
    data: page.map((row) => ({
      id: Number(row.id),
      sql: row.sql,
      sql_truncated: row.sql_truncated,
      started_at: new Date(row.started_at).toISOString(),
      duration_ms: Number(row.duration_ms),
      row_count: row.row_count === null ? null : Number(row.row_count),
      error: row.error,
    })),
    cursor: rows.length > query.limit ? encodeCursor([String(page[page.length - 1].id)]) : null,
  }
}
