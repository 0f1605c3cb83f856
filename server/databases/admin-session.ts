/**
 * Every session the platform opens as a server's admin (the engine's superuser, or the admin URL of
 * PROJECT_DB_SERVERS), on the maintenance database or inside a project's: the one place such a
 * connection is made (tests/api/admin-search-path.test.ts fails on any other).
 *
 * A project's role may plant objects in every schema it can create in (`public` first of all), and
 * a database's settings apply to every session that connects to it, the admin's included. So an
 * admin session starts pinned, in its startup packet (which outranks `ALTER DATABASE … SET` and
 * `ALTER ROLE … SET`, before the first statement): its search_path is pg_catalog and pg_temp only
 * (no name resolves to anything a project made; pg_temp is never searched for functions or
 * operators), its role is its own (a database's `role` setting would make it the project's), no
 * library is loaded for it, it may write (a project in read-only mode) and no timeout of the
 * project's cuts it off. What it calls is qualified besides, where it matters.
 */
import pg from 'pg'
import { connected } from './connected'

/** Settings every admin session starts with; a caller may give statement_timeout and lock_timeout of its own. */
const PINNED: Record<string, string> = {
  search_path: 'pg_catalog,pg_temp',
  role: 'none',
  local_preload_libraries: '',
  default_transaction_read_only: 'off',
  default_transaction_isolation: 'read committed',
  idle_session_timeout: '0',
  idle_in_transaction_session_timeout: '0',
  statement_timeout: '0',
  lock_timeout: '0',
}

export type AdminSessionOptions = {
  /** A database of the admin URL's server other than the URL's own (a project's `p_<ref>`). */
  database?: string
  connectTimeoutMs?: number
  statementTimeoutMs?: number
  lockTimeoutMs?: number
  applicationName?: string
}

/** The `options` startup parameter of an admin session. */
export function adminStartupOptions({ statementTimeoutMs, lockTimeoutMs }: Pick<AdminSessionOptions, 'statementTimeoutMs' | 'lockTimeoutMs'> = {}): string {
  const settings = { ...PINNED }
  if (statementTimeoutMs !== undefined) settings.statement_timeout = String(statementTimeoutMs)
  if (lockTimeoutMs !== undefined) settings.lock_timeout = String(lockTimeoutMs)
  // Backslash-escaped spaces: the server splits `options` on unescaped whitespace.
  return Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value.replace(/ /g, '\\ ')}`)
    .join(' ')
}

/** The admin URL pointed at `database` (or left as it is). */
export function adminUrlOn(adminUrl: string, database?: string): string {
  if (database === undefined) return adminUrl
  const url = new URL(adminUrl)
  url.pathname = `/${encodeURIComponent(database)}`
  return url.toString()
}

function config(adminUrl: string, options: AdminSessionOptions): pg.ClientConfig {
  return {
    connectionString: adminUrlOn(adminUrl, options.database),
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    options: adminStartupOptions(options),
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
  }
}

/** An admin client, connected (or ended, when it could not connect); the caller ends it. */
export async function adminClient(adminUrl: string, options: AdminSessionOptions = {}): Promise<pg.Client> {
  return connected(new pg.Client(config(adminUrl, options)))
}

/** Runs `fn` on an admin session of its own, ended afterwards. */
export async function withAdminSession<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>, options: AdminSessionOptions = {}): Promise<T> {
  const client = await adminClient(adminUrl, options)
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** A pool of admin sessions on the admin URL's own database (the maintenance database). */
export function adminPool(adminUrl: string, { max, idleTimeoutMs }: { max: number; idleTimeoutMs: number }, options: AdminSessionOptions = {}): pg.Pool {
  return new pg.Pool({ ...config(adminUrl, options), max, idleTimeoutMillis: idleTimeoutMs })
}

/** A client of the admin's on a project's own database, connected; the caller ends it. */
export function adminOn(adminUrl: string, database: string): Promise<pg.Client> {
  return adminClient(adminUrl, { database })
}

/** Runs one statement as the admin on the project's own database (schema-level set-up). */
export async function onProjectDatabase(adminUrl: string, database: string, sql: string) {
  await withAdminSession(adminUrl, (client) => client.query(sql), { database })
}

/**
 * Copies of one database (preview branches, backup clones, backups and restores) take this
 * advisory lock on its name, so that one is copied at a time across app instances.
 */
export const copyLockKey = (database: string) => `preview-branch-copy:${database}`

/** Runs `fn` on an admin session of its own holding the copy lock of `database` (the lock is the session's: it ends with it). */
export async function withCopyLock<T>(adminUrl: string, database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withAdminSession(adminUrl, async (client) => {
    await client.query('select pg_catalog.pg_advisory_lock(pg_catalog.hashtext($1))', [copyLockKey(database)])
    return fn(client)
  })
}

/** Allows connections to `database` again from a session of its own (the one that closed it may be lost). */
export async function reopenDatabase(adminUrl: string, database: string) {
  await withAdminSession(adminUrl, (client) => client.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS true`))
}

/**
 * The connection settings of an admin's logical replication session in a project's database
 * (realtime's change feed, server/realtime/changes/replication.ts), pinned like every admin session;
 * the replication client connects it itself.
 */
export function adminReplicationConfig(adminUrl: string, options: AdminSessionOptions & { database: string }): pg.ClientConfig {
  return config(adminUrl, options)
}
