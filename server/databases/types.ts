/**
 * The seam between the platform and project databases. A project database is either an embedded
 * PGlite (one per project, in its own worker thread) or a database with its own login role on a
 * PostgreSQL server. Both speak this interface.
 */
import type { Socket } from 'node:net'

/** Where a project's database lives, as stored in the control plane (never sent to a browser). */
export type ProjectDbLocation =
  | {
      kind: 'embedded'
      ref: string
      /**
       * The password wire-protocol clients authenticate with (server/databases/wire/), made on
       * first use (server/connection/db-password.ts) for projects made before it existed.
       */
      password?: string
    }
  | {
      kind: 'server'
      ref: string
      /** Connection string of the project's own login role to its own database. */
      url: string
      /**
       * Connection string of the project's read-only login role (read privileges only), for
       * members whose role may not change the database. Made at provisioning, or on first use
       * for projects made before it existed.
       */
      readOnlyUrl?: string
    }

export type RunShape = 'all' | 'last'

export type RunOptions = {
  /** Statement timeout; on PGlite enforced by terminating the worker. */
  timeoutMs: number
  /**
   * 'all': JSON of StatementResult[] (lib/api-types/sql.ts), one per statement.
   * 'last': JSON array of the last statement's rows (pg-meta compatible).
   */
  shape: RunShape
  /**
   * Run with read privileges only, in a way the SQL cannot escape: as the project's read-only
   * role on a server; on PGlite inside a function owned by a read-only role, in a transaction
   * that is always rolled back (see embedded-readonly.ts).
   */
  readOnly?: boolean
  /**
   * Names the run (a uuid the client chose) so that `cancel()` can stop it. While it runs, no
   * other run of the same project may carry the name.
   */
  queryId?: string
  /** Who started a named run: `cancel()` asks whether the canceller may stop it. */
  startedBy?: string
  /**
   * Called when a named run's SQL is on its way to the database: with the server backend's pid
   * and start (null on PGlite), so that the caller can tell other app instances where it runs.
   */
  onStart?: (started: RunStart) => void
  /**
   * Stream the answer instead of building it: newline-delimited JSON lines (workers/result-stream.mjs)
   * go to the sink as the database produces rows, `shape` is ignored, no size cap applies, and the
   * outcome's `json` is empty. A Postgres error still throws once the run ended (after the lines
   * of the statements that completed before it).
   */
  stream?: RunStream
}

/** Where a streamed run's lines go (the HTTP response). */
export type RunStream = {
  /** Takes whole lines; answers false when the reader is behind (the backend then waits for `drained`). */
  write(chunk: string | Uint8Array): boolean
  /** Resolves once the reader caught up (or left: a reader that left drains at once). */
  drained(): Promise<void>
}

/** What `cancel()` did: stopped the run, was not allowed to, or found no such run (ended, never was). */
export type CancelOutcome = 'cancelled' | 'refused' | 'unknown'

/** A server backend's pid and its pg_stat_activity backend_start (as text); null on PGlite. */
export type RunStart = { pid: number | null; backendStart?: string | null }

/** Where a named run is: waiting behind others of its project, or running. */
export type RunState = 'queued' | 'running'

/** Postgres' own words for a statement cancelled on request; PGlite's runs answer the same. */
export const USER_CANCEL_MESSAGE = 'canceling statement due to user request'
export const QUERY_CANCELED = '57014'

/**
 * A named run as its backend sees it. The backend tells what stopping means at the stage the run
 * is in (`onCancel`: drop it from the queue, end the worker, cancel the server backend); `cancel()`
 * calls that once. A run cancelled before it reached the database must check `cancelled` and not
 * start.
 */
export class RunControl {
  state: RunState = 'queued'
  cancelled = false
  private stop: (() => boolean | Promise<boolean>) | null = null
  private stopping: Promise<boolean> | null = null

  constructor(private readonly started?: (started: RunStart) => void) {}

  /** Replaces how the run is stopped from now on; the returned function forgets it again. */
  onCancel(stop: () => boolean | Promise<boolean>): () => void {
    this.stop = stop
    return () => {
      if (this.stop === stop) this.stop = null
    }
  }

  /** The SQL is on its way (the one moment a cancel must reach the database itself). */
  markRunning(pid: number | null, backendStart: string | null = null) {
    this.state = 'running'
    try {
      this.started?.({ pid, backendStart })
    } catch (error) {
      console.warn(`[project-db] onStart failed: ${(error as Error).message}`)
    }
  }

  /**
   * Answers whether the run was stopped. Idempotent: a second cancel answers what the first did.
   * With no stage registered, the run has not started yet and will not (it checks `cancelled`).
   */
  cancel(): Promise<boolean> {
    if (!this.stopping) {
      this.cancelled = true
      const stop = this.stop
      this.stop = null
      this.stopping = Promise.resolve(stop ? stop() : true).catch(() => false)
    }
    return this.stopping
  }
}

export const cancelledByUser = () => new SqlError(USER_CANCEL_MESSAGE, { code: QUERY_CANCELED })

export type RunOutcome = {
  /** UTF-8 JSON, ready to be written as the response body (empty for a streamed run). */
  json: Uint8Array
  durationMs: number
  /**
   * For the query history, counted by the builder as it went (the answer is never read again):
   * `last`, the rows answered; `all` and streamed, the last statement's count (rows returned or
   * affected; null without one).
   */
  rowCount?: number | null
}

const SQL_ERROR = Symbol.for('supaboard.SqlError')

/**
 * A Postgres error (syntax, constraint, timeout …) from running user SQL. Recognise it with
 * `isSqlError`, not instanceof: Next bundles server code more than once (the instrumentation hook
 * that opens the platform and each API route get their own copy of this class).
 */
export class SqlError extends Error {
  readonly [SQL_ERROR] = true
  constructor(
    message: string,
    public readonly pg: { code?: string; position?: number; detail?: string; hint?: string } = {}
  ) {
    super(message)
    this.name = 'SqlError'
  }
}

export const isSqlError = (error: unknown): error is SqlError => !!error && typeof error === 'object' && SQL_ERROR in error

const UNAVAILABLE = Symbol.for('supaboard.DatabaseUnavailableError')

/**
 * The database could not be reached or stopped answering (server down, connection refused or
 * cut, too many connections, an embedded data dir that fails to open). The project is unhealthy
 * until it answers again; the caller gets a 503. The message names no server or role.
 */
export class DatabaseUnavailableError extends Error {
  readonly [UNAVAILABLE] = true
  constructor(
    message: string,
    /** What the driver said: for the server log only. */
    public readonly detail?: string
  ) {
    super(message)
    this.name = 'DatabaseUnavailableError'
  }
}

export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailableError =>
  !!error && typeof error === 'object' && UNAVAILABLE in error

const NOT_SERVING = Symbol.for('supaboard.DatabaseNotServingError')

/** The database is paused or being removed on purpose: not a fault (the caller gets a 409). */
export class DatabaseNotServingError extends Error {
  readonly [NOT_SERVING] = true
  constructor(message = "The project's database is paused and does not serve requests. Restore the project first.") {
    super(message)
    this.name = 'DatabaseNotServingError'
  }
}

export const isDatabaseNotServing = (error: unknown): error is DatabaseNotServingError =>
  !!error && typeof error === 'object' && NOT_SERVING in error

export type ProjectDatabasesConfig = {
  dataDir: string
  /** PROJECT_DB_SERVERS: `region=postgres://admin…,…`, `*=url` or a bare URL. */
  projectDbServers?: string
  /** Embedded databases kept open at once (least recently used idle ones are closed). */
  maxOpen: number
  /** Largest result (JSON characters) a run may answer. */
  maxResultBytes: number
  /** temp_file_limit given to each project role on a server. */
  tempFileLimit: string
  /** On servers: how long a cancelled statement may go on before its session is ended. */
  terminateGraceMs: number
}

export interface ProjectDatabases {
  /**
   * Creates the database (and roles, on servers). Idempotent: a retry repairs a half-done one.
   * With `schemaFrom` (a preview branch) the new database gets that database's schema, no rows.
   */
  provision(ref: string, region: string, options?: { schemaFrom?: ProjectDbLocation }): Promise<ProjectDbLocation>
  /**
   * Makes sure the project's read-only role exists (projects made before it did); answers the
   * location to store when it changed (servers: it gains `readOnlyUrl`).
   */
  ensureReadOnly(location: ProjectDbLocation, region: string): Promise<ProjectDbLocation>
  /** Pause: closes the database and stops serving it (connections ended, logins refused). */
  suspend(location: ProjectDbLocation, region: string): Promise<void>
  /** Restore: serves a suspended database again. */
  resume(location: ProjectDbLocation, region: string): Promise<void>
  /** Restart: ends every connection (on PGlite, closes the instance); the next use reopens. */
  restart(location: ProjectDbLocation, region: string): Promise<void>
  /**
   * Removes the database for good: the data dir on PGlite; DROP DATABASE and DROP ROLE on a
   * server. Works without a location too (a project deleted before its set-up finished).
   */
  drop(ref: string, region: string, location: ProjectDbLocation | null): Promise<void>
  /**
   * Runs one or many statements as the project's role. Throws SqlError on a Postgres error and
   * DatabaseUnavailableError when the database cannot be reached.
   */
  run(location: ProjectDbLocation, sql: string, options: RunOptions): Promise<RunOutcome>
  /**
   * The role a platform client that runs a reader's SQL on its own connection must take with
   * `SET LOCAL ROLE` inside a read-only transaction. Embedded: PGlite has one login (the owner),
   * so this makes sure the reader role exists and may read every table made since, and names it.
   * Server: null, the read-only login role (`readOnlyUrl`) is the reader already.
   */
  readerRole(location: ProjectDbLocation): Promise<string | null>
  /**
   * Stops a named run of this process: a queued one on PGlite is dropped from the queue, a
   * running one ends its worker; on a server the backend gets pg_cancel_backend. Either way the
   * run answers SqlError 57014 'canceling statement due to user request'. `allowed` decides from
   * who started the run whether the caller may stop it.
   */
  cancel(location: ProjectDbLocation, queryId: string, allowed: (startedBy: string | undefined) => boolean): Promise<CancelOutcome>
  /** Where a named run of this process is (null: not here, or ended). */
  runState(location: ProjectDbLocation, queryId: string): RunState | null
  /**
   * Server projects: cancels a named run that another app instance started, by its backend's
   * pid and backend_start (see stop-backend.ts: stopNamedBackend). Answers whether a backend was
   * signalled.
   */
  cancelBackend(location: ProjectDbLocation, target: { pid: number; backendStart: string | null; queryId: string; readOnly: boolean }): Promise<boolean>
  /**
   * Bytes the database takes: pg_database_size on a server; on PGlite the data dir on disk
   * (measured without opening it). 0 for a database that does not exist (any more).
   */
  sizeBytes(location: ProjectDbLocation, region: string): Promise<number>
  /** Server version string, e.g. "PostgreSQL 17.5 …"; DatabaseUnavailableError when unreachable. */
  version(location: ProjectDbLocation, options?: { timeoutMs?: number }): Promise<string>
  /**
   * Embedded projects: serves an authenticated client of the wire listener (see
   * EmbeddedDatabases.openWire). DatabaseNotServingError while the project is paused or removed.
   */
  openWire(location: ProjectDbLocation, socket: Socket, session: WireSessionOptions): Promise<boolean>
  /**
   * Sets the password of the project's own role: on a server `ALTER ROLE … PASSWORD` as the
   * admin; embedded, only the stored secret changes. Answers the location to store (the caller
   * stores it while holding the project's row, then ends what used the old password).
   */
  setPassword(location: ProjectDbLocation, region: string, password: string): Promise<ProjectDbLocation>
  /** Embedded projects: ends wire sessions, except those opened with the credential `keep`. */
  endWireSessions(location: ProjectDbLocation, keep?: string): void
  /**
   * Server projects: ends the pools that use any of these connection strings (a password that
   * changed: the old URL must not keep working through a pool).
   */
  endPools(urls: string[]): Promise<void>
  /** Closes every open instance/pool (server shutdown, tests). */
  closeAll(): Promise<void>
  /** Embedded data dirs with an open worker (tests, diagnostics). */
  openEmbeddedDirs(): string[]
}

/** Limits of a wire session, and who hears about its traffic. */
export type WireSessionOptions = {
  startup: Buffer
  rest: Buffer
  credential: string
  /** One message's work (a query, a step of the extended protocol) longer than this ends the worker (PGlite cannot cancel). */
  statementTimeoutMs: number
  /** A session that sends nothing and gets nothing this long is ended (0: never). */
  idleTimeoutMs: number
  /** Bytes sent to the client (egress), and proof of activity. */
  onOutput?(bytes: number): void
}
