/**
 * The seam between the platform and project databases. A project database is either an embedded
 * PGlite (one per project, in its own worker thread) or a database with its own login role on a
 * PostgreSQL server. Both speak this interface.
 */

/** Where a project's database lives, as stored in the control plane (never sent to a browser). */
export type ProjectDbLocation =
  | { kind: 'embedded'; ref: string }
  | {
      kind: 'server'
      ref: string
      /** Connection string of the project's own login role to its own database. */
      url: string
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
}

export type RunOutcome = {
  /** UTF-8 JSON, ready to be written as the response body. */
  json: Uint8Array
  durationMs: number
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
}

export interface ProjectDatabases {
  /** Creates the database (and role, on servers). Idempotent: a retry repairs a half-done one. */
  provision(ref: string, region: string): Promise<ProjectDbLocation>
  /**
   * Runs one or many statements as the project's role. Throws SqlError on a Postgres error and
   * DatabaseUnavailableError when the database cannot be reached.
   */
  run(location: ProjectDbLocation, sql: string, options: RunOptions): Promise<RunOutcome>
  /** Server version string, e.g. "PostgreSQL 17.5 …"; DatabaseUnavailableError when unreachable. */
  version(location: ProjectDbLocation, options?: { timeoutMs?: number }): Promise<string>
  /** Closes every open instance/pool (server shutdown, tests). */
  closeAll(): Promise<void>
  /** Embedded data dirs with an open worker (tests, diagnostics). */
  openEmbeddedDirs(): string[]
}
