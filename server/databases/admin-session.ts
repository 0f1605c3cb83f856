/** The admin's own sessions on a project's database (schema-level set-up, copies), apart from the admin pool. */
import pg from 'pg'

/** A client on `url`, connected (or ended, when it could not connect); the caller ends it. */
export async function connectedClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (e) {
    await client.end().catch(() => undefined)
    throw e
  }
  return client
}

/** A client of the admin's on a project's own database, connected; the caller ends it. */
export async function adminOn(adminUrl: string, database: string): Promise<pg.Client> {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  return connectedClient(url.toString())
}

/** Runs one statement as the admin on the project's own database (schema-level set-up). */
export async function onProjectDatabase(adminUrl: string, database: string, sql: string) {
  const client = await adminOn(adminUrl, database)
  try {
    await client.query(sql)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Copies of one database (preview branches, backup clones, backups and restores) take this
 * advisory lock on its name, so that one is copied at a time across app instances.
 */
export const copyLockKey = (database: string) => `preview-branch-copy:${database}`

/** Runs `fn` on an admin session of its own holding the copy lock of `database` (the lock is the session's: it ends with it). */
export async function withCopyLock<T>(adminUrl: string, database: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select pg_advisory_lock(hashtext($1))', [copyLockKey(database)])
    return await fn(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Allows connections to `database` again from a session of its own (the one that closed it may be lost). */
export async function reopenDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query(`ALTER DATABASE ${pg.escapeIdentifier(database)} ALLOW_CONNECTIONS true`)
  } finally {
    await client.end().catch(() => undefined)
  }
}
