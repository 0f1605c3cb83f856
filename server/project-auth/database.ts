/**
 * The auth service's connections to a project's database: a small pool per project, as the
 * project's own role (the owner of its `auth` schema), ended when the project is paused or deleted
 * and when the platform closes. The schema is made or completed once per project and app
 * instance, before the first query (schema.sql.ts), under an advisory lock: two app instances
 * completing it at once would race on CREATE.
 *
 * While read-only mode holds the database (server/projects/read-only-mode.ts), every statement
 * runs in a read-only transaction the platform opens: the service reads its users, and what would
 * write (a sign-up, a sign-in's session) is refused with a sentence. The `auth` schema is the
 * project's: a trigger it put there would write as much as it likes in any writable transaction.
 */
import pg from 'pg'
import type { Platform } from '../kernel/platform'
import type { GatedProject } from '../gateway/types'
import { ensureApiRolesExist } from '../data-api/roles'
import { AUTH_SCHEMA_COMMENT, AUTH_SCHEMA_SQL } from './schema-sql'
import { serviceLocation, serviceUrlOf } from '../sql/read-only-location'
import { readOnlyModeMessage } from '../sql/not-serving'
import { PlatformError } from '../kernel/errors'

/** What opening a project's auth database needs of it. */
type AuthProject = Pick<GatedProject, 'ref' | 'region' | 'db_location' | 'read_only'>

/** A write refused in a read-only transaction (25006), said as what it means for the project's users. */
function heldWrite(error: unknown): unknown {
  if ((error as { code?: unknown })?.code !== '25006') return error
  return new PlatformError(
    409,
    readOnlyModeMessage('changing its users (a sign-up, a sign-in, a new password)', null),
    { error_code: 'conflict' }
  )
}

const POOL_SIZE = 4
const IDLE_MS = 10_000
const STATEMENT_TIMEOUT_MS = 15_000

/** The URL is part of the entry: a new password for the project's role gives a new pool. */
type Entry = { url: string; pool: pg.Pool; ready: Promise<void> }

export type AuthDb = {
  query<R extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>
}

export class AuthDatabases {
  private readonly entries = new Map<string, Entry>()
  constructor(private readonly platform: Platform) {}

  private entry(project: AuthProject): Entry {
    // As the platform's own login as the project's role where it has one (service-role.ts): its
    // users sign in whatever the project's role's slots or login, and are read in read-only mode.
    const url = serviceUrlOf(project.db_location)
    const found = this.entries.get(project.ref)
    if (found?.url === url) return found
    if (found) void this.end(project.ref)
    // What the URL's own startup options say (the role it starts as) and the service's own go
    // together: pg reads a URL's options over the config's.
    const bare = new URL(url)
    const startup = [bare.searchParams.get('options'), '-c default_transaction_read_only=off'].filter(Boolean).join(' ')
    bare.searchParams.delete('options')
    const pool = new pg.Pool({
      connectionString: bare.toString(),
      max: POOL_SIZE,
      idleTimeoutMillis: IDLE_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      allowExitOnIdle: true,
      // The service writes its rows whatever the database's default; read-only mode opens each
      // transaction read-only itself (open).
      options: startup,
    })
    // A connection ended by the server (a restart, the database dropped) must not crash the app.
    pool.on('error', () => undefined)
    const entry: Entry = { url, pool, ready: this.prepare(project, pool) }
    // A failed set-up is tried again by the next request.
    entry.ready.catch(() => {
      if (this.entries.get(project.ref) === entry) this.entries.delete(project.ref)
      void pool.end().catch(() => undefined)
    })
    this.entries.set(project.ref, entry)
    return entry
  }

  private async prepare(project: AuthProject, pool: pg.Pool) {
    // The API roles are named in the schema's grants: they exist first.
    await ensureApiRolesExist(this.platform, project)
    const client = await pool.connect()
    try {
      // Complete already: no DDL, whose ALTER TABLE would wait for (and hold up) every open
      // transaction on auth.users.
      const { rows } = await client.query<{ comment: string | null }>(`select obj_description(oid, 'pg_namespace') as comment from pg_namespace where nspname = 'auth'`)
      if (rows[0]?.comment === AUTH_SCHEMA_COMMENT) return
      await client.query('begin')
      await client.query(`select pg_advisory_xact_lock(hashtext('supaboard.project-auth.schema'))`)
      await client.query(AUTH_SCHEMA_SQL)
      await client.query('commit')
    } catch (error) {
      await client.query('rollback').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }

  /** The project's auth database, its schema in place. */
  async open(project: AuthProject): Promise<AuthDb & { transaction<T>(fn: (tx: AuthDb) => Promise<T>): Promise<T> }> {
    const location = await serviceLocation(this.platform, project.ref, project.region, project.db_location)
    const { pool, ready } = this.entry({ ...project, db_location: location })
    await ready
    const held = Boolean(project.read_only)
    const transaction = async <T>(fn: (tx: AuthDb) => Promise<T>): Promise<T> => {
      const client = await pool.connect()
      try {
        // Read-only from its first statement: nothing run in it (a trigger, a function) makes it writable.
        await client.query(held ? 'begin read only' : 'begin')
        const result = await fn({ query: async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]) => (await client.query<R>(sql, params)).rows })
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw heldWrite(error)
      } finally {
        client.release()
      }
    }
    const query = async <R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]> =>
      held ? transaction((tx) => tx.query<R>(sql, params)) : (await pool.query<R>(sql, params)).rows
    return { query, transaction }
  }

  async end(ref: string) {
    const entry = this.entries.get(ref)
    if (!entry) return
    this.entries.delete(ref)
    await entry.pool.end().catch(() => undefined)
  }

  async endAll() {
    await Promise.all([...this.entries.keys()].map((ref) => this.end(ref)))
  }
}
