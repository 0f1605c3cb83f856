/**
 * POST /platform/pg-meta/{ref}/query: runs SQL in the project's own database. Members whose role
 * allows `sql:write` run it as the project's own role; everyone else as the project's read-only
 * role, in a way the SQL cannot escape (server/databases: a login role with read privileges only).
 * `?results=all` answers every statement's result set; otherwise the rows of the last statement
 * (pg-meta compatible). A database that does not answer makes the project unhealthy and the
 * caller gets a 503; an unhealthy one is probed first, so a recovered database is used at once. A
 * paused project (or one on its way) answers 409; a project of a restricted organization 402; a
 * write in a project in read-only mode (its database past its plan's size) 409 saying so.
 * A member who cannot write and whose SQL writes gets a 403 naming their role and the statement,
 * not the read-only arrangement's own error (lib/sql/read-only-refusal.ts).
 * Every run is recorded in the caller's query history once it answered (server/content/history.ts),
 * unless the caller asks `history=skip` (the dashboard's own reads, e.g. the autocomplete catalog).
 * `?format=ndjson` streams the results instead, as newline-delimited JSON written while the
 * database produces rows (stream-response.ts; lines in workers/result-stream.mjs); a client that
 * leaves mid-stream stops the run.
 * `?query_id=<uuid>` names the run so that POST /platform/projects/{ref}/query/{query_id}/cancel
 * can stop it (cancel-query.ts); a name already running in the project answers 409.
 */
import { randomUUID } from 'node:crypto'
import type { Routes } from '@/lib/api-types'
import { readOnlyRefusal } from '@/lib/sql/read-only-refusal'
import { PlatformError } from '../kernel/errors'
import { rawJson, type Handler } from '../kernel/handler-types'
import { isDatabaseNotServing, isDatabaseUnavailable, isSqlError, type RunOutcome, type RunStart } from '../databases'
import { markUnhealthy } from '../projects/health'
import { recordActivity } from '../projects/activity'
import { memberLocation } from './read-only-location'
import { servingLocation } from './serving-location'
import { notServingMessage, readOnlyModeMessage } from './not-serving'
import { afterAnswer, recordRun, recordRunAndActivity, runErrorMessage, type RunRecord } from '../content/history'
import { cancelRequestedElsewhere, recordRunning } from './running-queries'
import { errorLine, responseStream, type ResponseStream } from './stream-response'
import { countEgress } from '../billing/egress'
import { watchStatement } from '../logs/postgres-logs'
import { DATA_API_SCHEMA_RELOAD } from '../data-api/schema-reload'
import type { Platform } from '../kernel/platform'
import { catalogMayHaveChanged } from './catalog-version'

const encoder = new TextEncoder()

export const runQuery: Handler<Routes['runQuery']> = async ({ platform, user, access: project, body, query, res, requestId }) => {
  const member = await memberLocation(platform, project, await servingLocation(platform, project))
  const { location } = member
  const readOnly = member.readOnlyRole
  const streamed = query.format === 'ndjson'
  const skipHistory = query.history === 'skip'
  const all = query.results === 'all'
  const shape = all ? 'all' : 'last'
  // The run's history entry is written after the run, beside the activity: no wait before the SQL runs.
  const run: Omit<RunRecord, 'durationMs' | 'rowCount' | 'error'> = { projectId: project.id, userId: user.id, sql: body.query, startedAt: new Date() }
  // A streamed run is always named, so that a client who leaves stops it.
  const queryId = query.query_id ?? (streamed ? randomUUID() : undefined)
  // Checked and claimed with no await in between: two runs never share a name in this process.
  if (queryId && platform.databases.runState(location, queryId))
    throw new PlatformError(409, 'A query with this query_id is already running in this project. Name every run with a new id.')
  /** Removes the run's record in the control plane once it ended (server projects only): after the answer, before its connection serves another run. */
  let forgetRunning: () => Promise<void> = async () => undefined
  const onStart = ({ pid, backendStart = null }: RunStart) => {
    if (query.query_id && pid !== null)
      forgetRunning = recordRunning(platform, { projectId: project.id, queryId: query.query_id, userId: user.id, readOnly }, { pid, backendStart })
  }
  // Every byte answered is egress: counted in memory, added to the usage at the next sample.
  const answered = (bytes: number) => countEgress(platform, project.id, bytes)
  const stream = streamed ? responseStream(res, requestId, answered) : undefined
  if (stream && queryId) {
    const at = location
    res.once('close', () => {
      if (stream.gone) void platform.databases.cancel(at, queryId, () => true)
    })
  }
  const started = performance.now()
  let outcome: RunOutcome
  try {
    outcome = await watchStatement(
      platform,
      { projectRef: project.ref, userId: user.id, sql: body.query, origin: 'sql-endpoint' },
      platform.databases.run(location, body.query, {
        timeoutMs: platform.config.sqlTimeoutMs,
        shape,
        ...member.options,
        ...(queryId ? { queryId, startedBy: user.id, onStart, cancelledElsewhere: () => cancelRequestedElsewhere(platform, project.id, queryId) } : {}),
        ...(stream ? { stream } : {}),
        // The schema may have changed: the project's data API is told right after the answer.
        ...(member.writes ? { notifyAfter: DATA_API_SCHEMA_RELOAD } : {}),
        beforeReuse: () => forgetRunning(),
      })
    )
  } catch (thrown) {
    if (member.writes) catalogMayHaveChanged(platform, project.ref)
    const refusal = readOnly && isSqlError(thrown) ? readOnlyRefusal(body.query, { message: thrown.message, code: thrown.pg.code }, project.role) : null
    // A write refused (25006), or a writable transaction asked for (25001), while the project is held read-only.
    const readOnlyMode = !refusal && project.read_only_at && isSqlError(thrown) && (thrown.pg.code === '25006' || thrown.pg.code === '25001')
    const error = refusal
      ? new PlatformError(403, refusal)
      : readOnlyMode
        ? new PlatformError(409, readOnlyModeMessage(/^cannot execute (.+) in a read-only transaction/.exec(thrown.message)?.[1] ?? null, project.read_only_note ?? null))
        : thrown
    void forgetRunning()
    // Paused between the check above and the run: say so, it is not a fault.
    if (isDatabaseNotServing(error) && !stream?.started) {
      throw new PlatformError(409, notServingMessage('INACTIVE'))
    }
    const failed = { ...run, durationMs: performance.now() - started, rowCount: null, error: refusal ?? runErrorMessage(error) }
    if (isDatabaseUnavailable(error)) {
      // A database that did not answer saw no activity.
      await Promise.all([markUnhealthy(platform, project.ref), recordAfterAnswer(platform, project.ref, failed, { history: !skipHistory, activity: false })])
    } else {
      // A query that failed was activity too.
      await recordAfterAnswer(platform, project.ref, failed, { history: !skipHistory, activity: true })
    }
    // Lines went out already: the failure is the stream's last line.
    if (stream?.started) return endStream(stream, errorLine(error, requestId))
    throw error
  }
  const ran = { ...run, durationMs: outcome.durationMs, rowCount: outcome.rowCount ?? null, error: null }
  // The schema may have changed: the table editor and GraphQL see it at once (before the answer, so the next request does).
  if (member.writes) catalogMayHaveChanged(platform, project.ref)
  void forgetRunning()
  await recordAfterAnswer(platform, project.ref, ran, { history: !skipHistory, activity: true })
  if (stream) return endStream(stream, `{"type":"end","durationMs":${Math.round(outcome.durationMs)}}\n`)
  if (!all) {
    answered(outcome.json.byteLength)
    return rawJson(outcome.json)
  }
  // Wrap the worker's ready-made JSON without parsing it again.
  const head = encoder.encode('{"results":')
  const tail = encoder.encode(`,"durationMs":${Math.round(outcome.durationMs)}}`)
  const answer = new Uint8Array(head.length + outcome.json.length + tail.length)
  answer.set(head, 0)
  answer.set(outcome.json, head.length)
  answer.set(tail, head.length + outcome.json.length)
  answered(answer.byteLength)
  return rawJson(answer)
}

/**
 * The run's history entry and/or the project's activity (one control-plane statement), written
 * once the answer is on its way: the caller's next read of the history waits for it (afterAnswer).
 * Resolves at once unless too many of the caller's writes wait already.
 */
function recordAfterAnswer(platform: Platform, projectRef: string, run: RunRecord, { history, activity }: { history: boolean; activity: boolean }): Promise<void> {
  if (!history && !activity) return Promise.resolve()
  return afterAnswer(platform, run, () =>
    !history
      ? recordActivity(platform, projectRef).catch((error: unknown) => console.error(`Project activity not recorded (project ${projectRef}):`, (error as Error).message))
      : activity
        ? recordRunAndActivity(platform, run)
        : recordRun(platform, run)
  )
}

/** Ends a streamed answer; the router sends nothing more for a response that ended. */
function endStream(stream: ResponseStream, line: string) {
  stream.end(line)
  return rawJson(new Uint8Array())
}
