/**
 * Project databases on PostgreSQL servers. Each project gets its own database `p_<ref>` owned by
 * its own login role `p_<ref>`; the platform keeps only that role's URL (the location), so a
 * project's SQL never runs as the server's admin. A plain DATABASE_URL works as a location too
 * (self-hosted with a given server): nothing is provisioned, SQL just runs there.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { ResultJsonBuilder } from '../../workers/result-json.mjs'
import { ResultStreamBuilder } from '../../workers/result-stream.mjs'
import { isUnavailable } from '../db/unavailable'
import { makeVerifierAsync, verifierText } from './scram-verifier'
import { reserveRoleNames } from './reserved-roles'
import { BackendStopper, stopNamedBackend } from './stop-backend'
import { cancelledByUser, DatabaseUnavailableError, QUERY_CANCELED, SqlError, USER_CANCEL_MESSAGE, type CloneSource, type RunControl, type RunOptions, type RunOutcome, type RunShape, type RunStream } from './types'
import {
  adoptCopy,
  assertNoOtherMembers,
  closePublicSchema,
  copyDatabase,
  dropDatabase,
  emptyCopy,
  ensureReadOnlyRole,
  restartDatabase,
  resumeDatabase,
  suspendDatabase,
  grantReservedConnections,
} from './server-lifecycle'

/** Region → admin URL, from PROJECT_DB_SERVERS. The key '*' serves every region. */
export type ServerTargets = Map<string, string>

/**
 * `eu-west-1=postgres://admin@a/postgres,us-east-1=postgres://admin@b/postgres`;
 * `*=url` or a bare URL means every region.
 */
export function parseProjectDbServers(value: string | undefined): ServerTargets {
  const targets: ServerTargets = new Map()
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim()
    if (!entry) continue
    // A URL may itself contain '=' (query string), so only a leading `name=` is a region.
    const match = /^([A-Za-z0-9_.*-]+)=(.+)$/.exec(entry)
    const isUrl = /^postgres(ql)?:\/\//i.test(entry)
    const [region, url] = match && !isUrl ? [match[1], match[2].trim()] : ['*', entry]
    if (!/^postgres(ql)?:\/\//i.test(url)) throw new Error(`PROJECT_DB_SERVERS: not a postgres URL for ${region}`)
    targets.set(region, url)
  }
  return targets
}

export function adminUrlForRegion(targets: ServerTargets, region: string): string | undefined {
  return targets.get(region) ?? targets.get('*')
}

// ---------------------------------------------------------------------------------------------
// Running SQL: a custom pg "submittable" that feeds protocol messages straight into the same JSON
// builder (workers/result-json.mjs; no row objects, no type parsers, one code path for multi-
// statement SQL).

const COPY_IN_REFUSED = 'COPY FROM STDIN is not supported here'

type ProtocolBuilder = {
  rowDescription(fields: { name: string; dataTypeID: number }[]): void
  dataRow(values: (string | null)[]): void
  commandComplete(tag: string): void
}

/**
 * Feeds one simple query's protocol messages to a builder; `finish` makes the answer once the
 * server is ready again (and may throw an SqlError, e.g. a result too large).
 */
class ProtocolQuery {
  readonly done: Promise<string>
  /** The connection's socket, once submitted: a streamed run pauses it while its reader is behind. */
  socket: { pause(): void; resume(): void } | null = null
  private settle!: (error: Error | null, json?: string) => void

  constructor(
    private readonly text: string,
    private readonly builder: ProtocolBuilder,
    private readonly finish: () => string
  ) {
    this.done = new Promise((resolve, reject) => {
      let settled = false
      this.settle = (error, json) => {
        if (settled) return
        settled = true
        if (error) reject(error)
        else resolve(json!)
      }
    })
  }

  submit(connection: { query(text: string): void; stream?: { pause(): void; resume(): void } }) {
    this.socket = connection.stream ?? null
    connection.query(this.text) // simple query protocol: many statements allowed
    return null
  }
  // pg calls these from its socket handler: an exception there would escape as an uncaught
  // error and leave this query hanging, so every one settles instead.
  private guard(fn: () => void) {
    try {
      fn()
    } catch (error) {
      this.settle(error instanceof Error ? error : new Error(String(error)))
    }
  }
  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }) {
    this.guard(() => this.builder.rowDescription(msg.fields))
  }
  handleDataRow(msg: { fields: (string | null)[] }) {
    this.guard(() => this.builder.dataRow(msg.fields))
  }
  handleCommandComplete(msg: { text: string }) {
    this.guard(() => this.builder.commandComplete(msg.text))
  }
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }) {
    connection.sendCopyFail(COPY_IN_REFUSED)
  }
  handleCopyData() {}
  // pg calls this for a server error (then drops the query) and for a dead connection.
  handleError(error: Error) {
    this.settle(error)
  }
  handleReadyForQuery() {
    this.guard(() => this.settle(null, this.finish()))
  }
}

/** The whole answer as JSON, within the size cap. */
function jsonQuery(text: string, shape: RunShape, maxResultBytes: number) {
  const builder = new ResultJsonBuilder(shape, maxResultBytes)
  const query = new ProtocolQuery(text, builder, () => {
    if (builder.tooLarge) {
      const { message, code } = builder.tooLargeError()
      throw new SqlError(message, { code })
    }
    return builder.toJson()
  })
  return { query, rowCount: () => builder.rowCount }
}

/** Rows are handed on at least this often, however slowly a query produces them. */
const STREAM_FLUSH_MS = 100

/**
 * A streamed run: lines go to `sink` as rows arrive. When the reader is behind, the socket is
 * paused: the server then waits to send more, so memory here stays bounded by one batch.
 */
function streamQuery(text: string, sink: RunStream, client: pg.PoolClient) {
  let paused = false
  const builder = new ResultStreamBuilder((line) => {
    if (sink.write(line) || paused || !query.socket) return
    paused = true
    const socket = query.socket
    socket.pause()
    void sink.drained().then(() => {
      paused = false
      socket.resume()
    })
  })
  const timer = setInterval(() => builder.flush(), STREAM_FLUSH_MS)
  const onNotice = (msg: unknown) => builder.notice(msg)
  client.on('notice', onNotice)
  const stop = () => {
    clearInterval(timer)
    client.off('notice', onNotice)
  }
  // Referenced by the builder's callback above, which only runs once rows arrive.
  const query: ProtocolQuery = new ProtocolQuery(text, builder, () => {
    builder.flush()
    return ''
  })
  query.done.then(stop, stop)
  return { query, rowCount: () => builder.lastRowCount }
}

/**
 * After every run, before the connection goes back to the pool: end any transaction and undo
 * session changes. One round trip; ROLLBACK outside a transaction only warns. Temp tables are kept.
 */
const RESET_SESSION =
  'ROLLBACK; RESET SESSION AUTHORIZATION; RESET ALL; RESET ROLE; CLOSE ALL; DEALLOCATE ALL; UNLISTEN *'

/** A session ended by pg_terminate_backend (or a server shutting down: the caller asks the server). */
const sessionEnded = (error: unknown) =>
  (error instanceof pg.DatabaseError && error.code === '57P01') || (error instanceof Error && error.message === 'Connection terminated unexpectedly')

/** pg-pool's words when every connection of a full pool stayed busy for connectionTimeoutMillis. */
const POOL_BUSY = 'timeout exceeded when trying to connect'

/**
 * Waiting for a pooled connection: a full pool whose runs did not end in time is busy, not down
 * (the server answers them): the caller hears so, and the project is not marked unhealthy.
 */
function classifyConnect(error: unknown): unknown {
  if (error instanceof Error && error.message === POOL_BUSY)
    return new SqlError(
      `All ${POOL_SIZE} connections to the project's database are busy running other statements; try again when one of them has ended.`,
      { code: '53300' }
    )
  return classify(error)
}

function classify(error: unknown): unknown {
  if (isUnavailable(error))
    return new DatabaseUnavailableError("The project's database server does not answer.", error instanceof Error ? error.message : String(error))
  if (!(error instanceof pg.DatabaseError)) return error
  return new SqlError(error.message, {
    code: error.code,
    position: error.position ? Number(error.position) : undefined,
    detail: error.detail,
    hint: error.hint,
  })
}

/** How long past the timeout the watchdog waits for the server's own statement_timeout. */
const WATCHDOG_GRACE_MS = 1_000
const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout'
/** Said with a run whose session was ended because it went on after its cancel. */
const TERMINATED_DETAIL = 'The statement went on after it was cancelled, so its session was ended.'
/** Every connection's application_name: RESET ALL returns to it after a named run. */
const APPLICATION_NAME = 'dashboard'
/**
 * A named run's backend carries its name while it runs, so that a cancel by pid (from another
 * app instance, or arriving late) stops only that run, never the next one on the connection.
 */
export const runApplicationName = (queryId: string) => `${APPLICATION_NAME}:${queryId}`
const POOL_SIZE = 3
const ADMIN_POOL_SIZE = 2
const DEFAULT_TIMEOUT_MS = 60_000
/** Waiting for a connection is bounded: a server that does not answer is reported, not waited on. */
const CONNECT_TIMEOUT_MS = 10_000

/** A project's connection strings: its owner role's, and its read-only role's. */
export type ServerProjectUrls = { url: string; readOnlyUrl: string }

export type ServerDatabases = {
  /**
   * With `schemaFrom` (the parent's owner URL, on the same server), the new database is a copy of
   * that one without its rows; making it ends the parent's open sessions (see provision).
   */
  provision(adminUrl: string, ref: string, options?: { schemaFrom?: string; cloneFrom?: CloneSource }): Promise<ServerProjectUrls>
  ensureReadOnly(adminUrl: string, ref: string, ownerUrl: string): Promise<string>
  suspend(adminUrl: string, ref: string, urls: string[]): Promise<void>
  resume(adminUrl: string, ref: string): Promise<void>
  restart(adminUrl: string, ref: string, urls: string[]): Promise<void>
  drop(adminUrl: string, ref: string, urls: string[]): Promise<void>
  /** `control`: a named run's cancel (see RunControl). */
  run(url: string, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome>
  /** pg_cancel_backend(pid) as the role of `url`, only while that backend runs the named run (see stopNamedBackend). */
  cancelNamed(url: string, backend: { pid: number; backendStart: string | null }, queryId: string): Promise<boolean>
  version(url: string, options?: { timeoutMs?: number }): Promise<string>
  /** pg_database_size of the project's database, asked as the project's own role (no admin needed: self-hosted has none). */
  sizeBytes(url: string): Promise<number>
  /** ALTER ROLE … PASSWORD for the role of `url`, as the admin; answers `url` with the new password. */
  setPassword(adminUrl: string, url: string, password: string): Promise<string>
  /** Ends this process's pools for these connection strings. */
  closePools(urls: string[]): Promise<void>
  closeAll(): Promise<void>
}

export type ServerDatabasesConfig = {
  maxResultBytes: number
  tempFileLimit: string
  /** How long a cancelled statement may go on before its session is ended (SQL_TERMINATE_GRACE_MS). */
  terminateGraceMs: number
  /** The admin connection strings of PROJECT_DB_SERVERS: the terminate's fallback on their servers. */
  adminUrls?: string[]
  /** Sessions the project's own role may hold at once, its clients' and the platform's together (PROJECT_CONNECTION_LIMIT). */
  connectionLimit?: number
}

export function serverDatabases({ maxResultBytes, tempFileLimit, terminateGraceMs, adminUrls = [], connectionLimit = -1 }: ServerDatabasesConfig): ServerDatabases {
  /** One small pool per URL (project role or admin). */
  const pools = new Map<string, pg.Pool>()
  /** Session default of statement_timeout for a pool's connections (set at connect time). */
  const poolTimeouts = new WeakMap<pg.Pool, number>()
  /** Each pooled connection's backend_start (backendStartOf). */
  const backendStarts = new WeakMap<pg.PoolClient, string | null>()
  /** Admin URLs whose server-wide set-up (revoking CONNECT on shared databases) is done. */
  const securedServers = new Map<string, Promise<void>>()

  /** The admin of the server a project URL points at (same host and port), if the platform holds one. */
  function adminUrlFor(url: string): string | undefined {
    const at = (u: string) => {
      const parsed = new URL(u)
      return `${parsed.hostname}:${parsed.port || '5432'}`
    }
    const server = at(url)
    return adminUrls.find((adminUrl) => at(adminUrl) === server)
  }

  function poolFor(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): pg.Pool {
    let pool = pools.get(url)
    if (!pool) {
      pool = new pg.Pool({
        connectionString: url,
        max: POOL_SIZE,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        keepAlive: true,
        // Sent in the startup packet, so it is the session default that RESET ALL returns to: a
        // run with the usual timeout needs no extra round trip.
        statement_timeout: timeoutMs,
        application_name: APPLICATION_NAME,
      })
      // An idle client whose server went away must not crash the process.
      pool.on('error', (e) => console.warn(`[project-db] idle connection error: ${e.message}`))
      // Nor one that is checked out between statements (the pool listens only while it is idle):
      // a statement in flight still fails with the error itself.
      pool.on('connect', (client) => client.on('error', (e) => console.warn(`[project-db] connection error: ${e.message}`)))
      poolTimeouts.set(pool, timeoutMs)
      pools.set(url, pool)
    }
    return pool
  }

  function adminPool(adminUrl: string): pg.Pool {
    const key = `admin:${adminUrl}`
    let pool = pools.get(key)
    if (!pool) {
      pool = new pg.Pool({ connectionString: adminUrl, max: ADMIN_POOL_SIZE, idleTimeoutMillis: 10_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
      pool.on('error', (e) => console.warn(`[project-db] idle admin connection error: ${e.message}`))
      pools.set(key, pool)
    }
    return pool
  }

  /** Resets the session off the caller's path; a connection that fails it is discarded. */
  function releaseAfterReset(client: pg.PoolClient, error?: unknown) {
    if (error && !(error instanceof pg.DatabaseError)) return client.release(true) // connection is dead
    client.query(RESET_SESSION).then(
      () => client.release(),
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

  async function run(url: string, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome> {
    const pool = poolFor(url, options.timeoutMs)
    const client = await connect(pool, control)
    const started = performance.now()
    const pid = (client as unknown as { processID: number }).processID
    // Every stop (the watchdog's, the Cancel button's) cancels first, then ends the session of a
    // statement that swallowed the cancel. The connection is held until the signals have landed,
    // so they can only reach this run.
    const stopper = new BackendStopper({ url, adminUrl: adminUrlFor(url), pid, applicationName: APPLICATION_NAME }, terminateGraceMs, () =>
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
    let json: string
    let rowCount: (() => number | null) | undefined
    try {
      // Both undone by RESET ALL in the reset below; one round trip for both.
      const setup: string[] = []
      if (poolTimeouts.get(pool) !== options.timeoutMs) setup.push(`SET statement_timeout = ${Math.max(0, Math.floor(options.timeoutMs))}`)
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
      const query = built.query
      rowCount = built.rowCount
      client.query(query as unknown as pg.QueryConfig)
      try {
        json = await query.done
      } finally {
        answered = true
        stopper.finish()
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
      // A named run whose session was ended from elsewhere (another app instance's cancel, after
      // its grace) while the server answers: cancelled, not a server going away.
      if (control && sessionEnded(e) && (await serverAnswers(url))) {
        client.release(true)
        throw new SqlError(USER_CANCEL_MESSAGE, { code: QUERY_CANCELED, detail: TERMINATED_DETAIL })
      }
      if (isUnavailable(e)) client.release(true)
      // Our own SqlErrors (cancelled before the SQL, result too large) came after ReadyForQuery or
      // before the SQL: the connection is sound, a reset is enough.
      else void stopper.settled().then(() => releaseAfterReset(client, e instanceof SqlError ? undefined : e))
      throw classify(e)
    } finally {
      forget()
      clearTimeout(watchdog)
    }
    const durationMs = performance.now() - started
    void stopper.settled().then(() => releaseAfterReset(client))
    return { json: Buffer.from(json, 'utf8'), durationMs, rowCount: rowCount?.() ?? null }
  }

  /** Whether a new connection to `url` gets an answer (briefly: it only tells a cut session from a server gone). */
  const serverAnswers = (url: string) => version(url, { timeoutMs: 3_000 }).then(
    () => true,
    () => false
  )

  async function version(url: string, { timeoutMs = CONNECT_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<string> {
    // A client of its own with a short connect timeout: a health check must not wait in a pool
    // behind slow queries, nor keep connections open between checks.
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, statement_timeout: timeoutMs })
    client.on('error', () => undefined)
    try {
      await client.connect()
      const { rows } = await client.query<{ version: string }>('select version()')
      return rows[0].version
    } catch (e) {
      throw classify(e)
    } finally {
      await client.end().catch(() => undefined)
    }
  }

  /**
   * Once per server: no project role may connect to the maintenance database (the admin URL's)
   * or template1 (the admin keeps its access: it is granted explicitly first), and the data API's
   * role names are taken before a project could create them (reserved-roles.ts).
   */
  function secureServer(adminUrl: string): Promise<void> {
    let done = securedServers.get(adminUrl)
    if (!done) {
      done = (async () => {
        const admin = adminPool(adminUrl)
        const { rows } = await admin.query<{ db: string }>('select current_database() as db')
        for (const db of new Set([rows[0].db, 'template1'])) {
          const ident = pg.escapeIdentifier(db)
          try {
            await admin.query(`GRANT CONNECT ON DATABASE ${ident} TO CURRENT_USER`)
            await admin.query(`REVOKE CONNECT ON DATABASE ${ident} FROM PUBLIC`)
          } catch (e) {
            console.warn(`[project-db] could not revoke CONNECT on ${db} from PUBLIC: ${(e as Error).message}`)
          }
        }
        // Before any project role of this process provisions here: names no project may take first.
        await reserveRoleNames(admin).catch((e) => console.warn(`[project-db] could not reserve the data API's role names: ${(e as Error).message}`))
      })().catch((e) => {
        securedServers.delete(adminUrl)
        throw e
      })
      securedServers.set(adminUrl, done)
    }
    return done
  }

  /** Ends this process's pools to a project's database (pause, restart, drop). */
  async function closePools(urls: string[]) {
    const ending = urls.flatMap((url) => {
      const pool = pools.get(url)
      pools.delete(url)
      return pool ? [pool.end().catch(() => undefined)] : []
    })
    await Promise.all(ending)
  }

  /** Admin work: a server that does not answer is DatabaseUnavailableError, as for SQL. */
  async function asAdmin<T>(adminUrl: string, fn: (admin: pg.Pool) => Promise<T>): Promise<T> {
    try {
      return await fn(adminPool(adminUrl))
    } catch (e) {
      throw classify(e)
    }
  }

  /**
   * Creates (or, on a retry, repairs) role and database p_<ref> and the read-only role; answers
   * both roles' URLs. A branch (`schemaFrom`: its parent's owner URL, on this same server) gets a
   * copy of the parent's database made anew on every attempt (a half-made one is dropped first):
   * making it ends the parent's open sessions and refuses new ones until the copy is there
   * (copyDatabase); the copy is made the branch's own (adoptCopy) and emptied by the branch's own
   * role (emptyCopy).
   */
  async function provision(adminUrl: string, ref: string, { schemaFrom, cloneFrom }: { schemaFrom?: string; cloneFrom?: CloneSource } = {}): Promise<ServerProjectUrls> {
    if (cloneFrom) {
      // A backup's clone: a copy of the backup's database (closed, nobody connected), made the
      // new project's own, rows and all.
      const url = await provisionOwner(adminUrl, ref, cloneFrom.database)
      try {
        await adoptCopy(adminUrl, cloneFrom.ownerRole, `p_${ref}`)
      } catch (e) {
        throw classify(e)
      }
      return { url, readOnlyUrl: await ensureReadOnly(adminUrl, ref, url) }
    }
    const parent = schemaFrom === undefined ? undefined : decodeURIComponent(new URL(schemaFrom).pathname.slice(1))
    // This process's connections to the parent go first, so that ending them is no surprise to them.
    if (parent !== undefined) await closePools(poolUrlsTo(schemaFrom!, parent))
    const url = await provisionOwner(adminUrl, ref, parent)
    if (parent !== undefined) {
      try {
        await adoptCopy(adminUrl, parent, `p_${ref}`)
        await emptyCopy(url)
      } catch (e) {
        throw classify(e)
      }
    }
    const readOnlyUrl = await ensureReadOnly(adminUrl, ref, url)
    return { url, readOnlyUrl }
  }

  /** This process's pooled connection strings to `database` on the server of `url` (any role). */
  function poolUrlsTo(url: string, database: string): string[] {
    const server = new URL(url)
    return [...pools.keys()].filter((key) => {
      if (key.startsWith('admin:')) return false
      const other = new URL(key)
      return other.host === server.host && decodeURIComponent(other.pathname.slice(1)) === database
    })
  }

  function ensureReadOnly(adminUrl: string, ref: string, ownerUrl: string): Promise<string> {
    return asAdmin(adminUrl, (admin) => ensureReadOnlyRole(admin, adminUrl, ref, ownerUrl, tempFileLimit))
  }

  /**
   * Role and database p_<ref>; with `template` (a branch's parent database) the database is a copy
   * of that one, and a half-made one of an earlier attempt is dropped first.
   */
  async function provisionOwner(adminUrl: string, ref: string, template?: string): Promise<string> {
    if (!/^[a-z0-9][a-z0-9_-]{0,60}$/.test(ref)) throw new Error(`invalid project ref: ${ref}`)
    const name = `p_${ref}`
    const ident = pg.escapeIdentifier(name)
    // Only base64url characters: safe inside a literal and inside a URL.
    const password = randomBytes(24).toString('base64url')
    const admin = adminPool(adminUrl)
    try {
      await secureServer(adminUrl)
      const { rows: server } = await admin.query<{ num: number; su: boolean }>(
        `select current_setting('server_version_num')::int as num, (select rolsuper from pg_roles where rolname = current_user) as su`
      )
      // Before PostgreSQL 16, CREATEROLE could alter every non-superuser role on the server,
      // other projects' included: only 16 and later scope it to the roles one created.
      const createRole = server[0].num >= 160000 ? 'CREATEROLE' : 'NOCREATEROLE'
      const role = await admin.query('select 1 from pg_roles where rolname = $1', [name])
      if (role.rowCount) await assertNoOtherMembers(admin, name)
      // The password is new on every call: a retry after a half-done provision still returns a
      // working URL.
      await admin.query(
        role.rowCount
          ? `ALTER ROLE ${ident} WITH LOGIN ${createRole} CONNECTION LIMIT ${connectionLimit} PASSWORD ${pg.escapeLiteral(password)}`
          : `CREATE ROLE ${ident} WITH LOGIN NOSUPERUSER NOCREATEDB ${createRole} NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${connectionLimit} PASSWORD ${pg.escapeLiteral(password)}`
      )
      await grantReservedConnections(admin, name)
      if (template !== undefined) await admin.query(`DROP DATABASE IF EXISTS ${ident} WITH (FORCE)`)
      const db = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (!db.rowCount) {
        // A non-superuser admin (CREATEROLE + CREATEDB) may only give a database to a role it can
        // SET ROLE to.
        if (!server[0].su) await admin.query(`GRANT ${ident} TO CURRENT_USER`)
        // Made closed: a new database grants CONNECT to PUBLIC, so until that is revoked any login
        // role on the server (every other project's) could get in, and a copy holds data already.
        if (template !== undefined) await copyDatabase(adminUrl, template, name)
        else await admin.query(`CREATE DATABASE ${ident} OWNER ${ident} ALLOW_CONNECTIONS false`)
      }
      await admin.query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${ident} FROM PUBLIC`)
      await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS true`)
      await closePublicSchema(adminUrl, ref).catch((e) =>
        console.warn(`[project-db] could not revoke CREATE on public in ${name}: ${(e as Error).message}`)
      )
      // temp_file_limit can only be set by a superuser (or with GRANT SET): say so, don't fail.
      // On the role, and on the database for every role the project creates (CREATEROLE) and
      // logs in with: the database's owner cannot reset a superuser's setting there.
      for (const target of [`ROLE ${ident}`, `DATABASE ${ident}`])
        await admin
          .query(`ALTER ${target} SET temp_file_limit = ${pg.escapeLiteral(tempFileLimit)}`)
          .catch((e) => console.warn(`[project-db] could not bound temp_file_limit for ${name}: ${(e as Error).message}`))
    } catch (e) {
      throw classify(e)
    }
    const url = new URL(adminUrl)
    url.username = name
    url.password = password
    url.pathname = `/${name}`
    return url.toString()
  }

  return {
    provision,
    ensureReadOnly,
    async suspend(adminUrl, ref, urls) {
      // This process's pools first, so that ending their connections is no surprise to them.
      await closePools(urls)
      await asAdmin(adminUrl, (admin) => suspendDatabase(admin, ref))
    },
    resume: (adminUrl, ref) => asAdmin(adminUrl, (admin) => resumeDatabase(admin, ref)),
    async restart(adminUrl, ref, urls) {
      await closePools(urls)
      await asAdmin(adminUrl, (admin) => restartDatabase(admin, ref))
    },
    async drop(adminUrl, ref, urls) {
      await closePools(urls)
      await asAdmin(adminUrl, (admin) => dropDatabase(admin, adminUrl, ref))
    },
    run,
    async setPassword(adminUrl, url, password) {
      const next = new URL(url)
      const role = decodeURIComponent(next.username)
      // A SCRAM verifier, not the password: the statement (in the server's log, pg_stat_activity)
      // never holds it. Then every session of the role ends, wherever it came from: the old
      // password must not keep working through a connection opened with it.
      const verifier = verifierText(await makeVerifierAsync(password))
      await asAdmin(adminUrl, async (admin) => {
        await admin.query(`ALTER ROLE ${pg.escapeIdentifier(role)} PASSWORD ${pg.escapeLiteral(verifier)}`)
        // Needs a superuser admin or one granted pg_signal_backend: without, say so, the change stands.
        await admin
          .query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1 and pid <> pg_backend_pid()', [role])
          .catch((e) => console.warn(`[project-db] could not end the sessions of ${role} after its password changed: ${(e as Error).message}`))
      })
      next.password = encodeURIComponent(password)
      return next.toString()
    },
    closePools,
    cancelNamed: (url, backend, queryId) => stopNamedBackend(url, backend, runApplicationName(queryId), APPLICATION_NAME, terminateGraceMs),
    version,
    async sizeBytes(url) {
      try {
        // Qualified: the database's owner may set its search_path (ALTER DATABASE … SET) to put
        // a pg_database_size of its own first, and quotas and usage read this measure.
        const { rows } = await poolFor(url, CONNECT_TIMEOUT_MS).query<{ bytes: string }>(
          'select pg_catalog.pg_database_size(pg_catalog.current_database())::pg_catalog.text as bytes'
        )
        return Number(rows[0].bytes)
      } catch (e) {
        throw classify(e)
      }
    },
    async closeAll() {
      const all = [...pools.values()]
      pools.clear()
      securedServers.clear()
      await Promise.all(all.map((p) => p.end().catch(() => undefined)))
    },
  }
}
