/** The admin's own sessions on a project's database (schema-level set-up, copies), apart from the admin pool. */
import pg from 'pg'

/** A client of the admin's on a project's own database, connected; the caller ends it. */
export async function adminOn(adminUrl: string, database: string): Promise<pg.Client> {
  const url = new URL(adminUrl)
  url.pathname = `/${database}`
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (e) {
    await client.end().catch(() => undefined)
    throw e
  }
  return client
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
