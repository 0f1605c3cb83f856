/**
 * Stopping a statement on a PostgreSQL server. A cancel (`pg_cancel_backend`, or the server's own
 * statement_timeout) is only a request: a DO block or function that catches `query_canceled`
 * swallows it and goes on, holding a pooled connection and a CPU. So a cancel arms a second step:
 * a statement still running `graceMs` later has its session ended (`pg_terminate_backend`).
 *
 * Both signals are sent from a new connection as the backend's own role: a role may signal its own
 * backends, no admin needed (self-hosted has none). Only when that role cannot connect (the server's
 * connections are all taken) is the terminate sent as the server's admin (PROJECT_DB_SERVERS), which
 * may use the slots reserved for superusers, and then only to a backend of that role on that
 * database: the admin may end anyone's, and a role refused (permission denied) means the pid is no
 * longer its backend. Failing both, this process drops its end of the connection, so at least its
 * pool is whole again.
 */
import pg from 'pg'
import { adminClient } from './admin-session'
import { roleClient } from './role-session'

export type BackendSignal = 'cancel' | 'terminate'

const SIGNAL_FUNCTION: Record<BackendSignal, string> = { cancel: 'pg_cancel_backend', terminate: 'pg_terminate_backend' }

/** Whose backend a signal may reach: sent by the admin, only one of this role on this database. */
type Owner = { role: string; database: string; backendStart?: string | null }

/** The role and database of a connection string (the database defaults to the role's name, as libpq's). */
function ownerOf(url: string): Owner {
  const parsed = new URL(url)
  const role = decodeURIComponent(parsed.username)
  return { role, database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || role }
}

/** Signalled; refused (the query failed or reached no backend); or no connection could be made. */
type SignalOutcome = 'signalled' | 'refused' | 'unreachable'

/**
 * Signals backend `pid` from a new connection to `url`; answers whether it was signalled. With
 * `named`, only a backend of this role on this database running a statement of the named run: with
 * `backendStart`, the one that started then (the pid was not reused), while it carries the run's
 * name or one that is not this app's (the run's SQL may rename itself; a name of this app is an
 * idle connection's or another run's). Without it (recorded before it was known), only while the
 * backend carries the run's name. A terminate so named also only while a statement is running.
 */
export async function signalBackend(
  url: string,
  pid: number,
  signal: BackendSignal,
  options: { applicationName: string; named?: string; backendStart?: string | null }
): Promise<boolean> {
  return (await sendSignal(url, pid, signal, options)) === 'signalled'
}

/** `owner`: only a backend of that role on that database is signalled (what the admin sends). */
async function sendSignal(
  url: string,
  pid: number,
  signal: BackendSignal,
  { applicationName, named, backendStart, owner }: { applicationName: string; named?: string; backendStart?: string | null; owner?: Owner }
): Promise<SignalOutcome> {
  const fn = SIGNAL_FUNCTION[signal]
  let client: pg.Client
  try {
    // As the admin (`owner` given: the server's admin URL), a pinned admin session; else the run's own role.
    client = owner ? await adminClient(url, { connectTimeoutMs: 5_000, applicationName }) : await roleClient(url, { connectTimeoutMs: 5_000, applicationName })
  } catch (e) {
    console.warn(`[project-db] could not ${signal} backend ${pid}: ${(e as Error).message}`)
    return 'unreachable'
  }
  try {
    const { rows } = owner
      ? await client.query<{ ok: boolean }>(
          `select ${fn}(pid) as ok from pg_stat_activity
           where pid = $1 and usename = $2 and datname = $3 and ($4::timestamptz is null or backend_start = $4::timestamptz)`,
          [pid, owner.role, owner.database, owner.backendStart ?? null]
        )
      : named === undefined
        ? await client.query<{ ok: boolean }>(`select ${fn}($1) as ok`, [pid])
        : backendStart
          ? await client.query<{ ok: boolean }>(
              `select ${fn}(pid) as ok from pg_stat_activity
               where pid = $1 and backend_start = $2::timestamptz and usename = current_user and datname = current_database()
                 and (application_name = $3 or not starts_with(application_name, $4))${signal === 'terminate' ? " and state = 'active'" : ''}`,
              [pid, backendStart, named, applicationName]
            )
          : await client.query<{ ok: boolean }>(
            `select ${fn}(pid) as ok from pg_stat_activity
             where pid = $1 and application_name = $2 and datname = current_database()${signal === 'terminate' ? " and state = 'active'" : ''}`,
            [pid, named]
          )
    return rows[0]?.ok === true ? 'signalled' : 'refused'
  } catch (e) {
    console.warn(`[project-db] could not ${signal} backend ${pid}: ${(e as Error).message}`)
    return 'refused'
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * A named run of another app instance, by its backend's pid: cancelled now and, when it still runs
 * under its name `graceMs` later, ended. That instance sees its session ended (see servers.ts).
 */
export async function stopNamedBackend(
  url: string,
  { pid, backendStart }: { pid: number; backendStart: string | null },
  named: string,
  applicationName: string,
  graceMs: number
): Promise<boolean> {
  const cancelled = await signalBackend(url, pid, 'cancel', { applicationName, named, backendStart })
  if (cancelled) setTimeout(() => void signalBackend(url, pid, 'terminate', { applicationName, named, backendStart }), graceMs).unref()
  return cancelled
}

export type StopTarget = {
  /** The connection string the run's backend was opened with (its role). */
  url: string
  /** The server's admin connection string, when the platform holds one. */
  adminUrl?: string
  pid: number
  /** The backend's pg_stat_activity backend_start, when known: the admin ends only that backend. */
  backendStart?: string | null
  applicationName: string
}

/**
 * The stopping of one run whose connection this process holds until the run answers (so a signal
 * can only reach that run). `stop()` cancels and, the first time, arms the terminate; `settled()`
 * resolves once every signal sent has landed, after which the connection may be reused.
 */
export class BackendStopper {
  /** The session was ended (or dropped by this process): the run's answer is not Postgres' own. */
  terminated = false
  private readonly inflight: Promise<unknown>[] = []
  private timer: NodeJS.Timeout | null = null
  private done = false

  constructor(
    readonly target: StopTarget,
    private readonly graceMs: number,
    /** Drops this process's end of the connection (the last resort). */
    private readonly abandon: () => void
  ) {}

  stop(): Promise<boolean> {
    const cancelled = signalBackend(this.target.url, this.target.pid, 'cancel', this.target)
    this.inflight.push(cancelled)
    if (!this.timer && !this.done) this.timer = setTimeout(() => this.terminate(), this.graceMs)
    return cancelled
  }

  /** The run answered: nothing more is sent. */
  finish() {
    this.done = true
    if (this.timer) clearTimeout(this.timer)
  }

  async settled(): Promise<void> {
    await Promise.allSettled(this.inflight)
  }

  private terminate() {
    if (this.done) return
    this.terminated = true
    const { url, adminUrl, pid } = this.target
    const ending = (async () => {
      const own = await sendSignal(url, pid, 'terminate', this.target)
      if (own === 'signalled') return
      // Refused as the role: the pid is no longer its backend (it ended, the pid was reused).
      if (own === 'unreachable' && adminUrl && (await sendSignal(adminUrl, pid, 'terminate', { ...this.target, owner: { ...ownerOf(url), backendStart: this.target.backendStart } })) === 'signalled')
        return
      console.warn(`[project-db] backend ${pid} could not be ended; its connection is dropped`)
      if (!this.done) this.abandon()
    })()
    this.inflight.push(ending)
  }
}
