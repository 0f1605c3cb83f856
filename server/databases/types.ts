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

export interface ProjectDatabases {
  /** Creates the database (and role, on servers). Idempotent for an embedded ref. */
  provision(ref: string, region: string): Promise<ProjectDbLocation>
  /** Runs one or many statements as the project's role. Throws SqlError on a Postgres error. */
  run(location: ProjectDbLocation, sql: string, options: RunOptions): Promise<RunOutcome>
  /** Server version string, e.g. "PostgreSQL 17.5 …". */
  version(location: ProjectDbLocation): Promise<string>
  /** Closes every open instance/pool (server shutdown, tests). */
  closeAll(): Promise<void>
}

export const isSqlError = (error: unknown): error is SqlError => !!error && typeof error === 'object' && SQL_ERROR in error
