/**
 * One run of a project's SQL on its server: a pooled connection (a named run cancelled while it
 * waits answers at once), the timeout's watchdog, the Cancel button's stop, the answer built from
 * protocol messages, and the session reset before the connection goes back to the pool.
 */
import pg from 'pg'
import { isUnavailable } from '../db/unavailable'
import { classify, classifyConnect, sessionEnded } from './classify'
import { APPLICATION_NAME, type ServerPools } from './pools'
import { jsonQuery, lateQuery, streamQuery } from './protocol-query'
import { runReadOnly } from './read-only-run'
import { serverAnswers } from './server-version'
import { BackendStopper } from './stop-backend'
import { ADMIN_SHUTDOWN, cancelledByUser, QUERY_CANCELED, SqlError, USER_CANCEL_MESSAGE, type RunControl, type RunOptions, type RunOutcome } from './types'

/**
 * After every run, before the connection goes back to the pool: undo everything the run changed in
 * its session, in one round trip. This is what DISCARD ALL does, statement by statement (DISCARD
 * ALL may not run inside the implicit transaction of a multi-statement query), but for DISCARD
 * PLANS: cached plans change no result, and dropping them would make the project's functions plan
 * their statements again in every run. A pooled connection serves the project's next runs in
 * turn, so anything kept would show in some of them and not in others: a temporary table
 * shadowing a table of the same name, `currval` of an earlier run, a session-level advisory lock
 * no later run can reach to unlock while the project's other sessions wait on it.
 */
const RESET_SESSION =
  'RESET SESSION AUTHORIZATION; RESET ALL; RESET ROLE; CLOSE ALL; DEALLOCATE ALL; UNLISTEN *; SELECT pg_advisory_unlock_all(); DISCARD TEMP; DISCARD SEQUENCES'
/**
 * The same, first ending the transaction the run left open (or failed). Sent only then: a ROLLBACK
 * outside a transaction makes the server log a warning, which after every run buried the
 * server's log in "there is no transaction in progress".
 */
const ROLLBACK_AND_RESET = `ROLLBACK; ${RESET_SESSION}`

/** How long past the timeout the watchdog waits for the server's own statement_timeout. */
const WATCHDOG_GRACE_MS = 1_000
const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout'
/** Said with a run whose session was ended from elsewhere while the server kept answering. */
const SESSION_ENDED_MESSAGE =
  'The session running this statement was ended (the project\'s database was restarted, for example to apply read-only mode or a new compute size). Run it again.'
/** Said with a run whose session was ended because it went on after its cancel. */
const TERMINATED_DETAIL = 'The statement went on after it was cancelled, so its session was ended.'

/**
 * A named run's backend carries its name while it runs, so that a cancel by pid (from another
 * app instance, or arriving late) stops only that run, never the next one on the connection.
 */
export const runApplicationName = (queryId: string) => `${APPLICATION_NAME}:${queryId}`

/** What a run needs besides its SQL. */
export type RunContext = {
  pools: ServerPools
  maxResultBytes: number
  /** How long a cancelled statement may go on before its session is ended (SQL_TERMINATE_GRACE_MS). */
  terminateGraceMs: number
  /** The admin of the server a project URL points at, if the platform holds one: the terminate's fallback. */
  adminUrlFor(url: string): string | undefined
}

/** Each pooled connection's backend_start (backendStartOf). */
const backendStarts = new WeakMap<pg.PoolClient, string | null>()

/**
 * Each pooled connection's transaction status, from the server's last ReadyForQuery: `I` idle (no
 * transaction), `T` in a transaction, `E` in a failed one. Absent until watched (watchTransactions).
 */
const transactionStatus = new WeakMap<pg.PoolClient, string>()

/** Starts following a connection's transaction status (once per connection). */
function watchTransactions(client: pg.PoolClient): void {
  if (transactionStatus.has(client)) return
  transactionStatus.set(client, 'unknown')
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection
  // Before pg's own listener, which sends the next queued query (the reset) from within it.
  connection.prependListener('readyForQuery', (message: { status?: string }) => transactionStatus.set(client, message.status ?? 'unknown'))
}

/** The reset (with a ROLLBACK unless the server said no transaction is open), and the run's notification (RunOptions.notifyAfter) once nothing of the run is left open. */
function resetSql(client: pg.PoolClient, notify: RunOptions['notifyAfter']): string {
  const reset = transactionStatus.get(client) === 'I' ? RESET_SESSION : ROLLBACK_AND_RESET
  if (!notify) return reset
  return `${reset}; NOTIFY ${pg.escapeIdentifier(notify.channel)}, ${pg.escapeLiteral(notify.payload)}`
}

/**
 * Resets the session off the caller's path, and waits for the run's `beforeReuse`; a connection
 * that fails the reset is discarded. The reset's SQL is chosen when it is sent, after the run's
 * last answer: a failed run's error can reach us before the server's ReadyForQuery says whether
 * the run left a transaction open.
 */
function releaseAfterReset(client: pg.PoolClient, options: Pick<RunOptions, 'notifyAfter' | 'beforeReuse'>, error?: unknown) {
  if (error && !(error instanceof pg.DatabaseError)) return client.release(true) // connection is dead
  const reset = lateQuery(() => resetSql(client, options.notifyAfter))
  client.query(reset as unknown as pg.QueryConfig)
  const before = options.beforeReuse?.().catch(() => undefined)
  reset.done.then(
    () => void Promise.resolve(before).then(() => client.release()),
    () => client.release(true)
  )
}

/** A pooled connection; a named run cancelled while it waits for one answers at once. */
async function connect(pool: pg.Pool, control?: RunControl): Promise<pg.PoolClient> {
  const connecting = pool.connect().catch((e: unknown) => Promise.reject(classifyConnect(e)))
  if (!control) return connecting
  let forget = () => {}
  const cancelled = new Promise<never>((_, reject) => {
    forget = control.onCancel(() => {
      reject(cancelledByUser())
      return true
    })
  })
  try {
    return await Promise.race([connecting, cancelled])
  } catch (e) {
    // The connection may still come: it goes back to the pool unused.
    connecting.then((client) => client.release(), () => undefined)
    throw e
  } finally {
    forget()
  }
}

/**
 * When a connection's backend started (asked once per connection): with its pid it names that
 * backend for another instance's cancel, whatever application_name the run's SQL sets.
 */
async function backendStartOf(client: pg.PoolClient): Promise<string | null> {
  if (!backendStarts.has(client)) {
    const { rows } = await client.query<{ started: string }>('select backend_start::text as started from pg_stat_activity where pid = pg_backend_pid()')
    backendStarts.set(client, rows[0]?.started ?? null)
  }
  return backendStarts.get(client) ?? null
}

/** Runs `sql` as the role of `url`; `control`: a named run's cancel (see RunControl). */
export async function runSql(context: RunContext, url: string, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome> {
  const { pools, maxResultBytes, terminateGraceMs } = context
  const pool = pools.forUrl(url, options.timeoutMs)
  const client = await connect(pool, control)
  watchTransactions(client)
  const started = performance.now()
  const pid = (client as unknown as { processID: number }).processID
  // Every stop (the watchdog's, the Cancel button's) cancels first, then ends the session of a
  // statement that swallowed the cancel. The connection is held until the signals have landed,
  // so they can only reach this run.
  const stopper = new BackendStopper({ url, adminUrl: context.adminUrlFor(url), pid, applicationName: APPLICATION_NAME }, terminateGraceMs, () =>
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy()
  )
  let timedOut = false
  let cancelledByCaller = false
  // Also what enforces the timeout when the SQL itself turned statement_timeout off.
  const watchdog = setTimeout(() => {
    timedOut = true
    void stopper.stop()
  }, options.timeoutMs + WATCHDOG_GRACE_MS)
  let answered = false
  let forget = () => {}
  let json: Uint8Array
  let rowCount: (() => number | null) | undefined
  try {
    // Both undone by RESET ALL in the reset below; one round trip for both.
    const setup: string[] = []
    if (pools.timeoutOf(pool) !== options.timeoutMs) setup.push(`SET statement_timeout = ${Math.max(0, Math.floor(options.timeoutMs))}`)
    if (control && options.queryId) setup.push(`SET application_name = ${pg.escapeLiteral(runApplicationName(options.queryId))}`)
    if (setup.length) await client.query(setup.join('; '))
    const backendStart = control && options.queryId ? await backendStartOf(client) : null
    stopper.target.backendStart = backendStart
    // Cancelled before the SQL was sent: it never runs.
    if (control?.cancelled) throw cancelledByUser()
    if (control) {
      // This process holds the connection until the signal has landed, so it can only reach
      // this run: no name check, which the run's own SQL could defeat by changing its
      // application_name. Once the answer is in, a cancel would stop nothing: it says so, and
      // sends no signal.
      forget = control.onCancel(() => {
        if (answered) return false
        cancelledByCaller = true
        return stopper.stop()
      })
      control.markRunning(pid, backendStart)
    }
    const built = options.stream ? streamQuery(sql, options.stream, client) : jsonQuery(sql, options.shape, maxResultBytes)
    rowCount = built.rowCount
    try {
      if (options.readOnly || options.readOnlyTransaction) {
        // One read-only transaction the SQL cannot leave (read-only-run.ts).
        json = await runReadOnly(client, sql, built.answer, () => transactionStatus.get(client) ?? 'unknown')
      } else {
        client.query(built.query as unknown as pg.QueryConfig)
        json = await built.query.done
      }
    } finally {
      answered = true
      stopper.finish()
      // A stream's timer and notice listener end with its query, which a read-only run never sends.
      if (options.readOnly || options.readOnlyTransaction) built.stop()
    }
  } catch (e) {
    if (stopper.terminated) {
      // The statement went on after its cancel: its session was ended, the connection is gone.
      void stopper.settled().then(() => client.release(true))
      throw new SqlError(cancelledByCaller ? USER_CANCEL_MESSAGE : TIMEOUT_MESSAGE, { code: QUERY_CANCELED, detail: TERMINATED_DETAIL })
    }
    if (timedOut) {
      void stopper.settled().then(() => client.release(true)) // its session was tampered with: don't reuse it
      throw new SqlError(TIMEOUT_MESSAGE, { code: QUERY_CANCELED })
    }
    // A session ended from elsewhere while the server answers is not a server going away: another
    // app instance's cancel of a named run (after its grace), or the platform ending the
    // database's sessions (read-only mode, a new compute size, a new password). The project is
    // not marked unhealthy for it.
    if (sessionEnded(e) && (await serverAnswers(url))) {
      client.release(true)
      if (control && (await options.cancelledElsewhere?.()))
        throw new SqlError(USER_CANCEL_MESSAGE, { code: QUERY_CANCELED, detail: TERMINATED_DETAIL })
      throw new SqlError(SESSION_ENDED_MESSAGE, { code: ADMIN_SHUTDOWN, detail: e instanceof Error ? e.message : undefined })
    }
    if (isUnavailable(e)) client.release(true)
    // Our own SqlErrors (cancelled before the SQL, result too large) came after ReadyForQuery or
    // before the SQL: the connection is sound, a reset is enough.
    else void stopper.settled().then(() => releaseAfterReset(client, options, e instanceof SqlError ? undefined : e))
    throw classify(e)
  } finally {
    forget()
    clearTimeout(watchdog)
  }
  const durationMs = performance.now() - started
  void stopper.settled().then(() => releaseAfterReset(client, options))
  return { json, durationMs, rowCount: rowCount?.() ?? null }
}
