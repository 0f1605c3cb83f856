/**
 * Project databases on PostgreSQL servers. Each project gets its own database `p_<ref>` owned by
 * its own login role `p_<ref>`; the platform keeps only that role's URL (the location), so a
 * project's SQL never runs as the server's admin. A plain DATABASE_URL works as a location too
 * (self-hosted with a given server): nothing is provisioned, SQL just runs there.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { ResultJsonBuilder } from '../../workers/result-json.mjs'
import { SqlError, type RunOptions, type RunOutcome, type RunShape } from './types'

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
// Pools: one small pool per URL, process-wide (Next may load this module more than once).

const POOL_SIZE = 3
const DEFAULT_TIMEOUT_MS = 60_000

type Pools = Map<string, pg.Pool>
const g = globalThis as typeof globalThis & { __projectDbPools?: Pools }
const pools: Pools = (g.__projectDbPools ??= new Map())

/** Session default of statement_timeout for a pool's connections (set at connect time). */
const poolTimeouts = new WeakMap<pg.Pool, number>()

function poolFor(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): pg.Pool {
  let pool = pools.get(url)
  if (!pool) {
    pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      // Sent in the startup packet, so it is the session default that RESET ALL returns to: a
      // run with the usual timeout needs no extra round trip.
      statement_timeout: timeoutMs,
      application_name: 'dashboard',
    })
    // An idle client whose server went away must not crash the process.
    pool.on('error', (e) => console.warn(`[project-db] idle connection error: ${e.message}`))
    poolTimeouts.set(pool, timeoutMs)
    pools.set(url, pool)
  }
  return pool
}

export async function closeServerPools(): Promise<void> {
  const all = [...pools.values()]
  pools.clear()
  await Promise.all(all.map((p) => p.end().catch(() => undefined)))
}

// ---------------------------------------------------------------------------------------------
// Running SQL: a custom pg "submittable" that feeds protocol messages straight into the same JSON
// builder the PGlite worker uses (no row objects, no type parsers, one code path for multi-
// statement SQL).

const COPY_IN_REFUSED = 'COPY FROM STDIN is not supported here'

class JsonQuery {
  readonly done: Promise<string>
  private builder: ResultJsonBuilder
  private settle!: (error: Error | null, json?: string) => void

  constructor(private readonly text: string, shape: RunShape) {
    this.builder = new ResultJsonBuilder(shape)
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

  submit(connection: { query(text: string): void }) {
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
    if (this.builder.tooLarge) {
      const { message, code } = this.builder.tooLargeError()
      return this.settle(new SqlError(message, { code }))
    }
    this.guard(() => this.settle(null, this.builder.toJson()))
  }
}

/**
 * After every run, before the connection goes back to the pool: end any transaction and undo
 * session changes. One round trip; ROLLBACK outside a transaction only warns. Temp tables are kept
 * (as on PGlite).
 */
const RESET_SESSION =
  'ROLLBACK; RESET SESSION AUTHORIZATION; RESET ALL; RESET ROLE; CLOSE ALL; DEALLOCATE ALL; UNLISTEN *'

function toSqlError(e: unknown): unknown {
  if (!(e instanceof pg.DatabaseError)) return e
  return new SqlError(e.message, {
    code: e.code,
    position: e.position ? Number(e.position) : undefined,
    detail: e.detail,
    hint: e.hint,
  })
}

/** How long past the timeout the watchdog waits for the server's own statement_timeout. */
const WATCHDOG_GRACE_MS = 1_000
const TIMEOUT_MESSAGE = 'canceling statement due to statement timeout'

/**
 * Cancels a backend from a second connection as the same role (a role may cancel its own
 * backends). This is what enforces the timeout when the SQL itself turned statement_timeout off.
 */
async function cancelBackend(url: string, pid: number) {
  const canceller = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  canceller.on('error', () => undefined)
  try {
    await canceller.connect()
    await canceller.query('select pg_cancel_backend($1)', [pid])
  } catch (e) {
    console.warn(`[project-db] could not cancel backend ${pid}: ${(e as Error).message}`)
  } finally {
    await canceller.end().catch(() => undefined)
  }
}

export async function runOnServer(url: string, sql: string, options: RunOptions): Promise<RunOutcome> {
  const pool = poolFor(url, options.timeoutMs)
  const client = await pool.connect()
  const started = performance.now()
  let timedOut = false
  const pid = (client as unknown as { processID: number }).processID
  const watchdog = setTimeout(() => {
    timedOut = true
    void cancelBackend(url, pid)
  }, options.timeoutMs + WATCHDOG_GRACE_MS)
  let json: string
  try {
    if (poolTimeouts.get(pool) !== options.timeoutMs) {
      // Undone by RESET ALL in the reset below.
      await client.query(`SET statement_timeout = ${Math.max(0, Math.floor(options.timeoutMs))}`)
    }
    const query = new JsonQuery(sql, options.shape)
    client.query(query as unknown as pg.QueryConfig)
    json = await query.done
  } catch (e) {
    if (timedOut) {
      client.release(true) // its session was tampered with: don't reuse it
      throw new SqlError(TIMEOUT_MESSAGE, { code: '57014' })
    }
    releaseAfterReset(client, e)
    throw toSqlError(e)
  } finally {
    clearTimeout(watchdog)
  }
  const durationMs = performance.now() - started
  releaseAfterReset(client)
  return { json: Buffer.from(json, 'utf8'), durationMs }
}

/** Resets the session off the caller's path; a connection that fails it is discarded. */
function releaseAfterReset(client: pg.PoolClient, error?: unknown) {
  if (error && !(error instanceof pg.DatabaseError)) return client.release(true) // connection is dead
  client.query(RESET_SESSION).then(
    () => client.release(),
    () => client.release(true)
  )
}

export async function versionOnServer(url: string): Promise<string> {
  const { rows } = await poolFor(url).query<{ version: string }>('select version()')
  return rows[0].version
}

// ---------------------------------------------------------------------------------------------
// Provisioning: role + database per project, created with the server's admin URL.

const ADMIN_POOL_SIZE = 2

function adminPool(adminUrl: string): pg.Pool {
  // Admin pools share the registry (closed by closeServerPools) under a prefixed key.
  const key = `admin:${adminUrl}`
  let pool = pools.get(key)
  if (!pool) {
    pool = new pg.Pool({ connectionString: adminUrl, max: ADMIN_POOL_SIZE, idleTimeoutMillis: 10_000 })
    pool.on('error', (e) => console.warn(`[project-db] idle admin connection error: ${e.message}`))
    pools.set(key, pool)
  }
  return pool
}

/** Creates (or, on a retry, repairs) role and database p_<ref>; returns the role's URL to it. */
export async function provisionOnServer(adminUrl: string, ref: string): Promise<string> {
  if (!/^[a-z0-9][a-z0-9_-]{0,60}$/.test(ref)) throw new Error(`invalid project ref: ${ref}`)
  const name = `p_${ref}`
  const ident = pg.escapeIdentifier(name)
  // Only base64url characters: safe inside a literal and inside a URL.
  const password = randomBytes(24).toString('base64url')
  const admin = adminPool(adminUrl)

  const role = await admin.query('select 1 from pg_roles where rolname = $1', [name])
  // The password is new on every call: a retry after a half-done provision still returns a
  // working URL.
  await admin.query(
    role.rowCount
      ? `ALTER ROLE ${ident} WITH LOGIN PASSWORD ${pg.escapeLiteral(password)}`
      : `CREATE ROLE ${ident} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD ${pg.escapeLiteral(password)}`
  )
  const db = await admin.query('select 1 from pg_database where datname = $1', [name])
  if (!db.rowCount) {
    const { rows } = await admin.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user')
    // A non-superuser admin (CREATEROLE + CREATEDB) may only give a database to a role it can
    // SET ROLE to.
    if (!rows[0]?.rolsuper) await admin.query(`GRANT ${ident} TO CURRENT_USER`)
    await admin.query(`CREATE DATABASE ${ident} OWNER ${ident}`)
  }
  await admin.query(`REVOKE CONNECT, TEMPORARY ON DATABASE ${ident} FROM PUBLIC`)

  const url = new URL(adminUrl)
  url.username = name
  url.password = password
  url.pathname = `/${name}`
  return url.toString()
}
