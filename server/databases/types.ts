/**
 * The seam between the platform and project databases: each project is a database with its own
 * login role on a PostgreSQL server (the one the platform runs itself, or one of yours).
 */

/** Where a project's database lives, as stored in the control plane (never sent to a browser). */
export type ProjectDbLocation = {
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
  /**
   * Connection string of the platform's own login as the project's role (its sessions start as
   * that role; server/databases/service-role.ts): the platform's work that must not depend on
   * the project's role's login or slots. Made at provisioning, or on first use.
   */
  serviceUrl?: string
  /** Self-hosted DATABASE_URL: a database given as it is, nothing provisioned by the platform. */
  given?: boolean
}

/**
 * A backup a new project's database starts as a copy of (server/backups): the backup's database on
 * the same server, and the role that owns what is in it (the backed-up project's).
 */
export type CloneSource = { database: string; ownerRole: string }

export type RunShape = 'all' | 'last'

export type RunOptions = {
  /** Statement timeout. */
  timeoutMs: number
  /**
   * 'all': JSON of StatementResult[] (lib/api-types/sql.ts), one per statement.
   * 'last': JSON array of the last statement's rows (pg-meta compatible).
   */
  shape: RunShape
  /**
   * Run with read privileges only, in a way the SQL cannot escape: as the project's read-only
   * login role, in one read-only transaction the SQL cannot end or make writable (read-only-run.ts).
   */
  readOnly?: boolean
  /**
   * Run as the location's own role, but in one read-only transaction the SQL cannot end or make
   * writable, as `readOnly` does (a project whose database is held read-only).
   */
  readOnlyTransaction?: boolean
  /**
   * Names the run (a uuid the client chose) so that `cancel()` can stop it. While it runs, no
   * other run of the same project may carry the name.
   */
  queryId?: string
  /** Who started a named run: `cancel()` asks whether the canceller may stop it. */
  startedBy?: string
  /**
   * Called when a named run's SQL is on its way to the database: with the server backend's pid
   * and start , so that the caller can tell other app instances where it runs.
   */
  onStart?: (started: RunStart) => void
  /**
   * Asked when a named run's session was ended from elsewhere while the server answers: whether
   * another app instance's cancel did it (true), or the platform ending the database's sessions.
   * A run without it cannot be cancelled from elsewhere: the latter.
   */
  cancelledElsewhere?: () => Promise<boolean>
  /**
   * Stream the answer instead of building it: newline-delimited JSON lines (workers/result-stream.mjs)
   * go to the sink as the database produces rows, `shape` is ignored, no size cap applies, and the
   * outcome's `json` is empty. A Postgres error still throws once the run ended (after the lines
   * of the statements that completed before it).
   */
  stream?: RunStream
  /**
   * A notification sent on the run's own connection once the run ended, with the session's reset
   * (off the caller's path, after any transaction the SQL left open was rolled back): a listener
   * hears it right after the answer.
   */
  notifyAfter?: { channel: string; payload: string }
  /**
   * Awaited with the session's reset before the connection serves another run (off the caller's
   * path): what must not outlive the run on a connection that another run may use next, e.g. the
   * record another app instance's cancel finds a named run by.
   */
  beforeReuse?: () => Promise<void>
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

/** A server backend's pid and its pg_stat_activity backend_start (as text). */
export type RunStart = { pid: number | null; backendStart?: string | null }

/** Where a named run is: waiting behind others of its project, or running. */
export type RunState = 'queued' | 'running'

/** Postgres' own words for a statement cancelled on request. */
export const USER_CANCEL_MESSAGE = 'canceling statement due to user request'
export const QUERY_CANCELED = '57014'
/** PostgreSQL's code for a session ended by pg_terminate_backend (or a server shutting down). */
export const ADMIN_SHUTDOWN = '57P01'
/**
 * PostgreSQL's code for "database … is not currently accepting connections" (ALLOW_CONNECTIONS
 * false): how the platform closes an active project's database while it copies it (a backup, a branch).
 */
export const NOT_ACCEPTING_CONNECTIONS = '55000'

/**
 * A named run as its backend sees it. The backend tells what stopping means at the stage the run
 * is in (`onCancel`: drop it before it starts, cancel the server backend); `cancel()`
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
 * cut, too many connections). The project is unhealthy
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
  /** PROJECT_DB_SERVERS as resolved (server/engine/servers.ts): `region=postgres://admin…,…`, `*=url` or a bare URL. */
  projectDbServers?: string
  /** Largest result (JSON characters) a run may answer. */
  maxResultBytes: number
  /** temp_file_limit given to each project role on a server. */
  tempFileLimit: string
  /** On servers: how long a cancelled statement may go on before its session is ended. */
  terminateGraceMs: number
  /** Sessions a project's own role may hold at once (PROJECT_CONNECTION_LIMIT; -1: no limit). */
  connectionLimit?: number
}

export interface ProjectDatabases {
  /**
   * Creates the database (and roles, on servers). Idempotent: a retry repairs a half-done one.
   * With `schemaFrom` (a preview branch) the new database gets that database's schema, no rows.
   */
  provision(ref: string, region: string, options?: { schemaFrom?: ProjectDbLocation; cloneFrom?: CloneSource }): Promise<ProjectDbLocation>
  /**
   * Makes sure the project's read-only role exists (projects made before it did); answers the
   * location to store when it changed (servers: it gains `readOnlyUrl`).
   */
  ensureReadOnly(location: ProjectDbLocation, region: string): Promise<ProjectDbLocation>
  /** The same for the service role (servers: the location gains `serviceUrl`). */
  ensureService(location: ProjectDbLocation, region: string): Promise<ProjectDbLocation>
  /** Pause: closes the database and stops serving it (connections ended, logins refused). */
  suspend(location: ProjectDbLocation, region: string): Promise<void>
  /** Restore: serves a suspended database again. */
  resume(location: ProjectDbLocation, region: string): Promise<void>
  /** Restart: ends every connection; the next use connects again. */
  restart(location: ProjectDbLocation, region: string): Promise<void>
  /**
   * Removes the database for good: DROP DATABASE and DROP ROLE. Works without a location too (a project deleted before its set-up finished).
   */
  drop(ref: string, region: string, location: ProjectDbLocation | null): Promise<void>
  /**
   * Runs one or many statements as the project's role. Throws SqlError on a Postgres error and
   * DatabaseUnavailableError when the database cannot be reached.
   */
  run(location: ProjectDbLocation, sql: string, options: RunOptions): Promise<RunOutcome>
  /**
   * Stops a named run of this process: waiting for a connection, it never starts; running, its
   * backend gets pg_cancel_backend (then pg_terminate_backend, see stop-backend.ts). The
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
   * Bytes the database takes (pg_database_size). 0 for a database that does not exist (any more).
   */
  sizeBytes(location: ProjectDbLocation, region: string): Promise<number>
  /** Server version string, e.g. "PostgreSQL 17.5 …"; DatabaseUnavailableError when unreachable. */
  version(location: ProjectDbLocation, options?: { timeoutMs?: number }): Promise<string>
  /**
   * Sets the password of the project's own role (`ALTER ROLE … PASSWORD` as the admin). Answers the location to store (the caller
   * stores it while holding the project's row, then ends what used the old password).
   */
  setPassword(location: ProjectDbLocation, region: string, password: string): Promise<ProjectDbLocation>
  /**
   * Server projects: ends the pools that use any of these connection strings (a password that
   * changed: the old URL must not keep working through a pool).
   */
  endPools(urls: string[]): Promise<void>
  /**
   * Each managed server's one-time set-up (secure-server.ts), at start: what an earlier version
   * left to projects is the platform's again before anyone asks. A server that does not answer is
   * said in the log and set up at its first provisioning instead.
   */
  secureServers(): Promise<void>
  /** Closes every pool (server shutdown, tests). */
  closeAll(): Promise<void>
}
